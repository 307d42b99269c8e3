import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A screen whose full content arrives with its own feature; it says so plainly. */
export function ComingSoon({ title, eyebrow, children }: { title: string; eyebrow?: string; children: ReactNode }) {
  return (
    <section className="page narrow" aria-labelledby="page-title">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1 id="page-title">{title}</h1>
      <p>{children}</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}

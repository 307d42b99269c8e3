import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

export function ErrorScreen({ title, children }: { title: string; children: ReactNode }) {
  // A plain link to this address: reloading after a refused post asks for the page, never re-posts.
  const location = useLocation();
  return (
    <section className="page narrow" aria-labelledby="error-title">
      <h1 id="error-title">{title}</h1>
      <p>{children}</p>
      <p className="actions">
        <a className="button" href={`${location.pathname}${location.search}`}>
          Reload the page
        </a>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}

export function NotFoundScreen() {
  return (
    <section className="page narrow" aria-labelledby="not-found-title">
      <h1 id="not-found-title">We can't find that page</h1>
      <p>The address may be mistyped, or the page may have moved.</p>
      <p className="actions">
        <Link className="button" to="/">
          Go to the home page
        </Link>
        <Link to="/sitemap">See every page</Link>
      </p>
    </section>
  );
}

import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import { pageMeta } from "~/utils/meta";

export default function Sitemap() {
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <h1 id="page-title">Sitemap</h1>
      <p className="lead">Every public page of Quiet Mailbox.</p>
      <ul className="plain pages">
        {PUBLIC_PAGES.map((page) => (
          <li key={page.path}>
            <Link to={page.path}>{page.title}</Link>
            <p>{page.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const meta: MetaFunction = () => pageMeta("Sitemap", "A list of every public page of Quiet Mailbox.");

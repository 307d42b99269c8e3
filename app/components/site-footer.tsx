import { Link } from "@remix-run/react";

export function SiteFooter({ blogUrl }: { blogUrl: string }) {
  return (
    <footer className="site-footer">
      <p>© 2025 Quiet Mailbox. Less paper. More peace.</p>
      <nav aria-label="Footer">
        <a href={blogUrl}>Blog</a>
        <a href="/#pricing">Pricing</a>
        <Link to="/sitemap">Sitemap</Link>
        <Link to="/terms">Terms</Link>
        <Link to="/privacy">Privacy</Link>
      </nav>
    </footer>
  );
}

import type { ReactNode } from "react";

/** One date for both legal pages: change it whenever either text changes. */
const LEGAL_UPDATED = { iso: "2025-11-01", label: "November 1, 2025" } as const;

/**
 * The one address for questions about an account, the terms or personal data.
 * It must be a mailbox that a person reads; confirm it before launch.
 */
const CONTACT_EMAIL = "help@quietmailbox.com";

export function LegalPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <article className="page narrow prose" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p className="muted">
        Last updated: <time dateTime={LEGAL_UPDATED.iso}>{LEGAL_UPDATED.label}</time>
      </p>
      <p className="lead">{intro}</p>
      {children}
    </article>
  );
}

export function ContactLink() {
  return <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>;
}

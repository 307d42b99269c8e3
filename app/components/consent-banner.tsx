import { useLocation } from "@remix-run/react";

/** Asked once, both answers equally quiet (neither is the page's main action); a plain form so the answer works without JavaScript. Not shown to browsers that send GPC or DNT. */
export function ConsentBanner() {
  const location = useLocation();
  return (
    <aside className="consent" aria-label="Visit counting">
      <form method="post" action="/api/consent">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <p>May we count your visit? We record which pages are visited, never who you are.</p>
        <button type="submit" name="consent" value="yes" className="button button-quiet">
          Yes, count it
        </button>
        <button type="submit" name="consent" value="no" className="button button-quiet">
          No thanks
        </button>
      </form>
    </aside>
  );
}

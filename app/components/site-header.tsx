import { Form, Link } from "@remix-run/react";

export type HeaderUser = { id: string; hasSubscribed: boolean; isStaff: boolean };

export function SiteHeader({ user }: { user: HeaderUser | null }) {
  return (
    <header className="site-header">
      <div className="bar">
        <Link to="/" className="logo" aria-label="Quiet Mailbox home">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="26" height="26">
            <path
              fill="currentColor"
              d="M3 6.5A2.5 2.5 0 0 1 5.5 4h13A2.5 2.5 0 0 1 21 6.5v11a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 17.5zm2.2-.5 6.8 5.3L18.8 6zM19 8.1l-7 5.4-7-5.4v9.4c0 .3.2.5.5.5h13c.3 0 .5-.2.5-.5z"
            />
          </svg>
          <span>Quiet Mailbox</span>
        </Link>
        <nav aria-label="Account">
          {/* Upgrade (product rules: Routes): known on the server, so it never flashes for a subscriber. */}
          {user && !user.hasSubscribed ? (
            <Link to="/subscription" className="button button-upgrade">
              Upgrade
            </Link>
          ) : null}
          {user ? (
            <SettingMenu user={user} />
          ) : (
            <Link to="/signin" className="nav-signin">
              Sign in
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}

/** The settings menu (product rules: Routes): a <details> so it opens without JavaScript; Sign Out is a POST. */
function SettingMenu({ user }: { user: HeaderUser }) {
  return (
    <details className="menu">
      <summary>Settings</summary>
      <div className="menu-items">
        <Link to="/dashboard">Dashboard</Link>
        <Link to="/account">Account</Link>
        <Link to="/subscription">Subscription</Link>
        {user.isStaff ? <Link to="/admin">Staff area</Link> : null}
        <Form method="post" action="/api/signout" reloadDocument>
          <button type="submit">Sign Out</button>
        </Form>
      </div>
    </details>
  );
}

import { isRouteErrorResponse, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { RequestReference } from "~/components/request-reference";

function ErrorScreen({ title, children }: { title: string; children: ReactNode }) {
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

/** What a refused request says: the visitor did something this page does not take; nothing broke. */
const CLIENT_ERRORS: Record<number, { title: string; text: string }> = {
  400: {
    title: "We couldn't read that request",
    text: "Something in it was missing or not what this page expects. Go back, reload the page and try again.",
  },
  403: { title: "You can't do that here", text: "Your account does not allow this. Nothing was changed." },
  405: { title: "This page can't take that request", text: "This page only shows information; nothing was sent or changed." },
  413: {
    title: "That was more than we can take",
    text: "What you sent is far longer than any of our forms allows. Go back, shorten it and try again.",
  },
};

function clientError(error: unknown) {
  return isRouteErrorResponse(error) ? CLIENT_ERRORS[error.status] : undefined;
}

const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;

/** The document title while an error boundary renders `error`. */
export function errorTitle(error: unknown): string {
  if (isNotFound(error)) return "Page not found";
  const refused = clientError(error);
  if (refused) return refused.title;
  return "Something went wrong";
}

/** The screen for an error a page threw, wherever its boundary sits: the root, or a layout that keeps its frame. */
export function PageErrorScreen({ error }: { error: unknown }) {
  if (isNotFound(error)) return <NotFoundScreen />;
  const refused = clientError(error);
  if (refused) return <ErrorScreen title={refused.title}>{refused.text}</ErrorScreen>;
  return (
    <ErrorScreen title="Something went wrong on our side">
      We couldn't show this page just now. Please try again in a moment. If it keeps happening, your data is safe: nothing was changed by
      this error. <RequestReference />
    </ErrorScreen>
  );
}

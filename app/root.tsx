import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { ConsentBanner } from "~/components/consent-banner";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { ErrorScreen, NotFoundScreen } from "~/components/error-screens";
import { RequestReference } from "~/components/request-reference";
import { pageMeta } from "~/utils/meta";
import { useNonce } from "~/utils/nonce";
import { isStaff } from "~/utils/roles";
import { consentChoice, hasOptOutSignal } from "~/services/analytics.server";
import { getCurrentUser } from "~/services/auth.server";
import appCss from "~/styles/app.css?inline";

export type RouteHandle = {
  /** Load the client runtime on this page. Pages without it ship no JavaScript at all. */
  hydrate?: boolean;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request, context);
  return {
    origin: new URL(request.url).origin,
    blogUrl: context.env.BLOG_URL,
    // Only what the header needs; product rules: Free requests and plans: hasSubscribed follows stripeSubscriptionId.
    user: user ? { id: user.id, hasSubscribed: Boolean(user.stripeSubscriptionId), isStaff: isStaff(user.role) } : null,
    askConsent: !hasOptOutSignal(request) && consentChoice(request) === null,
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const matches = useMatches();
  const nonce = useNonce();
  const hydrate = matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate);

  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {data ? <link rel="canonical" href={data.origin + location.pathname} /> : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style dangerouslySetInnerHTML={{ __html: appCss }} />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader user={data?.user ?? null} />
        <main id="main">{children}</main>
        {data?.askConsent ? <ConsentBanner /> : null}
        <SiteFooter blogUrl={data?.blogUrl ?? "/path/"} />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

// Only used when the root error boundary renders; each page otherwise sets its own title.
export const meta: MetaFunction = ({ error }) => {
  if (!error) return [];
  if (isRouteErrorResponse(error) && error.status === 404) return pageMeta("Page not found");
  const refused = clientError(error);
  if (refused) return pageMeta(refused.title);
  return pageMeta("Something went wrong");
};

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

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  const refused = clientError(error);
  if (refused) return <ErrorScreen title={refused.title}>{refused.text}</ErrorScreen>;
  return (
    <ErrorScreen title="Something went wrong on our side">
      We couldn't show this page just now. Please try again in a moment. If it keeps happening, your data is safe: nothing was changed by
      this error. <RequestReference />
    </ErrorScreen>
  );
}

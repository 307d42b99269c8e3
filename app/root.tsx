import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
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
import { errorTitle, PageErrorScreen } from "~/components/error-screens";
import { pageMeta } from "~/utils/meta";
import { useNonce } from "~/utils/nonce";
import { isStaff } from "~/domain/roles";
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

// Only used when an error boundary renders; each page otherwise sets its own title.
export const meta: MetaFunction = ({ error }) => (error ? pageMeta(errorTitle(error)) : []);

export function ErrorBoundary() {
  return <PageErrorScreen error={useRouteError()} />;
}

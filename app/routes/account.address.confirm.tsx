import { redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { VerifiedAddress } from "~/components/verified-address";
import { getAccountSettings } from "~/models/account.server";
import { changeNameAndAddress } from "~/services/account.server";
import { requireUser } from "~/services/auth.server";
import { dbFor } from "~/utils/db.server";
import { invariantResponse } from "~/utils/http-errors";
import { pageMeta } from "~/utils/meta";
import { commitSession, getSession } from "~/utils/session.server";

/** The change checked on /account/address; without one (a bookmark, another tab saved it) there is nothing to confirm. */
async function requireDraft(request: Request, context: AppLoadContext) {
  const session = await getSession(request, context);
  const draft = session.get("addressChange");
  if (!draft) throw redirect("/account/address");
  return { session, draft };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { draft } = await requireDraft(request, context);
  const settings = await getAccountSettings(await dbFor(context.env, user.id), user.id);
  invariantResponse(settings);
  return {
    fullName: draft.entered.fullName,
    address: draft.address,
    check: draft.check,
    changes: draft.changes,
    moved: draft.moved,
    openRequests: settings.openRequests,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const { session, draft } = await requireDraft(request, context);
  const saved = await changeNameAndAddress(
    context.env,
    user,
    { fullName: draft.entered.fullName, ...draft.address, addressCheck: draft.check ?? null },
    { moved: draft.moved },
  );
  invariantResponse(saved);
  session.unset("addressChange");
  return redirect(`/account?saved=${draft.moved ? "moved" : "address"}`, {
    status: 303,
    headers: { "Set-Cookie": await commitSession(session, context.env) },
  });
}

export default function ConfirmAddress() {
  const { fullName, address, check, changes, moved, openRequests } = useLoaderData<typeof loader>();
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">
        <Link to="/account">Your account</Link>
      </p>
      <h1 id="page-title">{moved ? "Confirm your move" : "Confirm your name and address"}</h1>
      <VerifiedAddress
        title={moved ? "Your new address:" : "Your name and address:"}
        fullName={fullName}
        address={address}
        check={check}
        changes={changes}
      >
        <p>
          <Link to="/account/address">Change it</Link>
        </p>
      </VerifiedAddress>
      {moved ? (
        <p className="lead">
          {openRequests === 0
            ? "You have no open requests, so nothing is sent again. "
            : `${openRequests === 1 ? "Your 1 open request goes" : `Your ${openRequests} open requests go`} back to the sender for this address, free of charge. `}
          Your old address stays on every letter as an earlier address.
        </p>
      ) : (
        <p className="lead">Letters not sent yet will use this. Letters already sent stay as they were.</p>
      )}
      <Form method="post">
        <button type="submit" className="button">
          {moved
            ? openRequests > 0
              ? `Move and send ${openRequests} ${openRequests === 1 ? "request" : "requests"} again`
              : "Save my new address"
            : "Save"}
        </button>
      </Form>
    </section>
  );
}

export const meta = () => pageMeta("Confirm your address");

import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { PostOutcome } from "~/components/ui/form";
import { EMAIL_SWITCH_WORDS } from "~/domain/email-switches";
import { reminderUnsubscribePath } from "~/domain/reminders";
import { readEmailSwitchToken } from "~/services/email-switches.server";
import { getEmailSwitch, setEmailSwitch } from "~/models/reminder.server";
import { getDb } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";
import { linkPageHeaders } from "~/utils/link-token.server";
import { pageMeta } from "~/utils/meta";

// Turning an email off from the link in each one, and back on: "Has the mail stopped?" reminders,
// and the emails about steps taken in the person's name (domain/email-switches). No sign-in: the
// signed token in the link is the proof, and says which kind of email it stops. A GET only shows the choice; a POST
// changes it, including the RFC 8058 one-click POST a mail client sends for List-Unsubscribe
// (body "List-Unsubscribe=One-Click", no cookies, no Origin), which the origin check lets through.

const SwitchSchema = z.object({ intent: z.enum(["off", "on"]) });

const INVALID_LINK =
  "This link is not complete or was changed, so we cannot tell whose emails to stop. Open the link from the email again, or copy all of it into the address bar.";

/** The user the link's token names, if the token is ours and the user still exists. */
async function linkOwner(request: Request, env: AppEnv) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const owner = token ? await readEmailSwitchToken(env, token) : null;
  if (!owner) return null;
  const on = await getEmailSwitch(getDb(env.DB), owner.userId, owner.which);
  return on === null ? null : { ...owner, token, on };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const owner = await linkOwner(request, context.env);
  if (!owner) return data({ valid: false as const }, { status: 400 });
  const done = new URL(request.url).searchParams.get("done");
  return {
    valid: true as const,
    token: owner.token,
    which: owner.which,
    on: owner.on,
    // Only what is still true: a stale ?done=off after turning them back on says nothing.
    done: (done === "off" && !owner.on) || (done === "on" && owner.on) ? done : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const oneClick = form.get("List-Unsubscribe") === "One-Click";
  const parsed = oneClick
    ? { status: "success" as const, value: { intent: "off" as const } }
    : parseWithZod(form, { schema: SwitchSchema });
  if (parsed.status !== "success") return data({ error: "Choose whether to stop these emails or turn them back on." }, { status: 400 });
  const owner = await linkOwner(request, context.env);
  if (!owner) return data({ error: INVALID_LINK }, { status: 400 });

  const on = parsed.value.intent === "on";
  await setEmailSwitch(getDb(context.env.DB), owner.userId, owner.which, on);
  // A mail client's one-click POST reads nothing back; a person gets the page again (303).
  if (oneClick) return { error: null };
  return redirect(`${reminderUnsubscribePath(owner.token)}&done=${parsed.value.intent}`, 303);
}

export default function EmailSwitchPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!page.valid) {
    return (
      <section className="page narrow" aria-labelledby="page-title">
        <h1 id="page-title">Email settings</h1>
        <p className="form-error" role="alert">
          {INVALID_LINK}
        </p>
        <p>
          You can also answer any reminder from your <Link to="/dashboard">dashboard</Link>.
        </p>
      </section>
    );
  }
  const formAction = reminderUnsubscribePath(page.token);
  const words = EMAIL_SWITCH_WORDS[page.which];
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">Email settings</p>
      <h1 id="page-title">{words.title}</h1>
      <PostOutcome
        error={result?.error}
        notice={
          page.done === "off" ? (
            <>
              <strong>Done.</strong> {words.stopped}
            </>
          ) : page.done === "on" ? (
            <>
              <strong>Done.</strong> {words.started}
            </>
          ) : null
        }
      />
      <p>{words.about}</p>
      <p className="lead">{page.on ? words.on : words.off}</p>
      <Form method="post" action={formAction}>
        {page.on ? (
          <button type="submit" name="intent" value="off" className="button">
            {words.stop}
          </button>
        ) : (
          <button type="submit" name="intent" value="on" className="button button-quiet">
            {words.start}
          </button>
        )}
      </Form>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) =>
  pageMeta(page?.valid ? EMAIL_SWITCH_WORDS[page.which].title : "Email settings");

// The token in the address is a lasting key to the setting: no cache or back button keeps the page.
export const headers = linkPageHeaders;

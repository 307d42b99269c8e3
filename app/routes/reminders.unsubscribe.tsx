import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { PostOutcome } from "~/components/ui/form";
import { reminderUnsubscribePath } from "~/domain/reminders";
import { readReminderUnsubscribeToken } from "~/jobs/reminders.server";
import { getReminderSetting, setReminderEmails } from "~/models/reminder.server";
import { getDb } from "~/utils/db.server";
import type { AppEnv } from "~/utils/env.server";
import { linkPageHeaders } from "~/utils/link-token.server";
import { pageMeta } from "~/utils/meta";

// Turning "Has the mail stopped?" reminders off, from the link in every reminder, and back on.
// No sign-in: the signed token in the link is the proof. A GET only shows the choice; a POST
// changes it, including the RFC 8058 one-click POST a mail client sends for List-Unsubscribe
// (body "List-Unsubscribe=One-Click", no cookies, no Origin), which the origin check lets through.

const SwitchSchema = z.object({ intent: z.enum(["off", "on"]) });

const INVALID_LINK =
  "This link is not complete or was changed, so we cannot tell whose reminders to stop. Open the link from the email again, or copy all of it into the address bar.";

/** The user the link's token names, if the token is ours and the user still exists. */
async function linkOwner(request: Request, env: AppEnv) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const userId = token ? await readReminderUnsubscribeToken(env, token) : null;
  if (!userId) return null;
  const reminderEmails = await getReminderSetting(getDb(env.DB), userId);
  return reminderEmails === null ? null : { userId, token, reminderEmails };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const owner = await linkOwner(request, context.env);
  if (!owner) return data({ valid: false as const }, { status: 400 });
  const done = new URL(request.url).searchParams.get("done");
  return {
    valid: true as const,
    token: owner.token,
    reminderEmails: owner.reminderEmails,
    // Only what is still true: a stale ?done=off after turning them back on says nothing.
    done: (done === "off" && !owner.reminderEmails) || (done === "on" && owner.reminderEmails) ? done : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const oneClick = form.get("List-Unsubscribe") === "One-Click";
  const parsed = oneClick
    ? { status: "success" as const, value: { intent: "off" as const } }
    : parseWithZod(form, { schema: SwitchSchema });
  if (parsed.status !== "success") return data({ error: "Choose whether to stop reminders or turn them back on." }, { status: 400 });
  const owner = await linkOwner(request, context.env);
  if (!owner) return data({ error: INVALID_LINK }, { status: 400 });

  const on = parsed.value.intent === "on";
  await setReminderEmails(getDb(context.env.DB), owner.userId, on);
  // A mail client's one-click POST reads nothing back; a person gets the page again (303).
  if (oneClick) return { error: null };
  return redirect(`${reminderUnsubscribePath(owner.token)}&done=${parsed.value.intent}`, 303);
}

export default function ReminderEmails() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!page.valid) {
    return (
      <section className="page narrow" aria-labelledby="page-title">
        <h1 id="page-title">Reminder emails</h1>
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
  return (
    <section className="page narrow" aria-labelledby="page-title">
      <p className="eyebrow">Email settings</p>
      <h1 id="page-title">Reminder emails</h1>
      <PostOutcome
        error={result?.error}
        notice={
          page.done === "off" ? (
            <>
              <strong>Done.</strong> We will not send you “Has the mail stopped?” reminders any more.
            </>
          ) : page.done === "on" ? (
            <>
              <strong>Done.</strong> Reminders are back on.
            </>
          ) : null
        }
      />
      <p>
        When a request has had time to work, we email you to ask whether the sender’s mail has stopped: at most twice for each time we send
        a request. Your answer tells us whether to send it again.
      </p>
      <p className="lead">
        {page.reminderEmails
          ? "Reminder emails are on."
          : "Reminder emails are off. You can still tell us from your dashboard when the mail stops."}
      </p>
      <Form method="post" action={formAction}>
        {page.reminderEmails ? (
          <button type="submit" name="intent" value="off" className="button">
            Stop reminder emails
          </button>
        ) : (
          <button type="submit" name="intent" value="on" className="button button-quiet">
            Turn reminders back on
          </button>
        )}
      </Form>
    </section>
  );
}

export const meta = () => pageMeta("Reminder emails");

// The token in the address is a lasting key to the setting: no cache or back button keeps the page.
export const headers = linkPageHeaders;

import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { PostOutcome } from "~/components/ui/form";
import { formatDate, DEFAULT_TIME_ZONE } from "~/domain/dates";
import { AddressesToCheck, AddressKeptAsTyped } from "~/components/admin/address-warning";
import { ProcessForm } from "~/components/admin/process-form";
import { allowedKinds, requestKey, type ProcessingKind } from "~/domain/work-queue";
import { enqueueJobs } from "~/queue/producer.server";
import { currentQueue, keysByHome, lettersInHomes, markProcessed, type HomedQueueKey, type QueueKey } from "~/models/work-queue.server";
import { photosForStaff } from "~/models/mail-photo.server";
import { listOpenSenderReviews } from "~/models/sender-review.server";
import { PhotoImages } from "~/components/requests/photo-images";
import { requireStaff } from "~/services/auth.server";
import { lettersGoThroughLob, whyGroupWaits } from "~/services/automatic-send.server";
import { everyHomeDb, getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";

const ProcessSchema = z.object({
  intent: z.enum(["send", "mailed", "filed"]),
  group: z.string().min(1),
  request: z.array(z.string()).min(1, "Nothing to process."),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const db = getDb(context.env.DB);
  const homes = everyHomeDb(context.env);
  const groups = await currentQueue(homes);
  const wantsPeople = new Set(
    groups.filter((group) => group.channel.kind === "web" || group.channel.kind === "phone").map((group) => group.key),
  );
  // What to type into a web form or say on the phone: each person's letter carries it all.
  const letters = await lettersInHomes(
    homes,
    groups
      .filter((group) => wantsPeople.has(group.key))
      .flatMap((group) => group.requests.map((row) => ({ userId: row.userId, requestId: row.id, home: row.home }))),
    {
      unsentOnly: true,
    },
  );
  const letterOf = new Map(letters.map((letter) => [requestKey(letter), letter.letter]));
  const notice = new URL(request.url).searchParams.get("done");
  const [photos, reviews] = await Promise.all([photosForStaff(db), listOpenSenderReviews(db)]);
  return {
    notice,
    reviews: reviews.map((review) => ({
      templateId: review.templateId,
      senderName: review.senderName,
      waiting: review.waiting,
      since: formatDate(review.openedAt, DEFAULT_TIME_ZONE),
    })),
    photos: photos.map((photo) => ({
      id: photo.id,
      imageCount: photo.imageKeys.length,
      sent: formatDate(photo.createdAt, DEFAULT_TIME_ZONE),
      why: photo.readProblem,
      suggestions: photo.suggestions.map((suggestion) => suggestion.title),
    })),
    groups: groups.map((group) => ({
      key: group.key,
      senderName: group.senderName,
      channel: group.channel,
      whyWaiting: whyGroupWaits(group, lettersGoThroughLob(context.env)),
      channelProblems: group.channelProblems.map((problem) => ({
        ...problem,
        since: formatDate(new Date(problem.since), DEFAULT_TIME_ZONE),
      })),
      premiumCount: group.premiumCount,
      oldest: group.oldestQueuedAt ? formatDate(group.oldestQueuedAt, DEFAULT_TIME_ZONE) : null,
      keys: group.requests.map(requestKey),
      waiting: group.requests.map((row) => ({
        key: requestKey(row),
        userId: row.userId,
        premium: row.premium,
        addressAsTyped: row.addressAsTyped,
        emailProblem: row.emailProblem,
        // With staff after the follow-up ladder (decision 0058): the person's page has the whole history.
        escalatedTo: row.escalated ? `/admin/users/${row.userId}#request-${row.id}` : null,
        queued: row.queuedAt ? formatDate(row.queuedAt, DEFAULT_TIME_ZONE) : null,
      })),
      people: wantsPeople.has(group.key)
        ? group.requests.map((row) => ({ key: requestKey(row), premium: row.premium, letter: letterOf.get(requestKey(row)) ?? "" }))
        : [],
    })),
  };
}

/**
 * "Send", "Mark mailed" and "Mark filed" for one sender at a time. Only requests that are still in
 * that sender's group now are processed, whatever else the form carries.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const parsed = parseWithZod(await request.formData(), { schema: ProcessSchema });
  if (parsed.status !== "success") return data({ error: "Choose a sender and at least one request." }, { status: 400 });
  const { env } = context;
  const homes = everyHomeDb(env);
  const group = (await currentQueue(homes)).find((candidate) => candidate.key === parsed.value.group);
  if (!group) return data({ error: "That sender has nothing waiting any more." }, { status: 404 });

  const kind: ProcessingKind = parsed.value.intent === "send" ? "emailed" : parsed.value.intent;
  if (!allowedKinds(group.channel.kind).includes(kind))
    return data({ error: `${group.senderName} is not reached that way.` }, { status: 400 });
  const posted = new Set(parsed.value.request);
  const homedKeys: HomedQueueKey[] = group.requests
    .filter((row) => posted.has(requestKey(row)))
    .map((row) => ({ userId: row.userId, requestId: row.id, home: row.home }));
  if (homedKeys.length === 0) return data({ error: "Those requests were processed already." }, { status: 409 });

  // Each home's requests, history and staff trail in one batch of its own (decision 0082).
  const processed = { kind, senderName: group.senderName, channel: group.channel.kind, groupKey: group.key };
  for (const [home, keys] of keysByHome(homedKeys)) await markProcessed(homes[home]!, staff, { keys, ...processed });
  const keys: QueueKey[] = homedKeys.map(({ userId, requestId }) => ({ userId, requestId }));
  if (kind === "emailed") {
    await enqueueJobs(
      env,
      "optOut.email",
      keys.map((key) => ({ payload: { ...key, to: group.channel.value! }, userId: key.userId })),
    );
  }
  const done = new URLSearchParams({
    done: `${keys.length} ${keys.length === 1 ? "request" : "requests"} to ${group.senderName}: ${kind}.`,
  });
  return redirect(`/admin/queue?${done}`, 303);
}

const HOW: Record<string, string> = {
  email: "Email",
  mail: "Postal mail",
  web: "Web form",
  phone: "Phone",
  unknown: "Not in the catalog: look up the address",
};

/** A channel that stopped working, as the queue names it (decision 0054). */
const CHANNEL_STOPPED: Record<string, string> = {
  email: "Not emailed: the address stopped working",
  mail: "Not mailed: letters came back",
  web: "Not filed: the form stopped working",
  phone: "Not called: the number stopped working",
};

export default function WorkQueue() {
  const { groups, notice, photos, reviews } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const total = groups.reduce((sum, group) => sum + group.keys.length, 0);
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Work queue</h1>
      <p className="lead">
        {total === 0
          ? "Nothing is waiting: every request in queue has been sent."
          : `${total} ${total === 1 ? "request" : "requests"} waiting, by sender: premium users first, then oldest first.`}
      </p>
      <PostOutcome notice={notice ? `Done: ${notice}` : null} error={actionData?.error} />
      {photos.length > 0 ? (
        <section className="card" aria-labelledby="photos-title">
          <h2 id="photos-title">Photos to identify ({photos.length})</h2>
          <p>People sent these photos of junk mail and we could not tell the sender for sure. Oldest first.</p>
          <ul className="plain photo-queue">
            {photos.map((photo) => (
              <li key={photo.id}>
                <PhotoImages photoId={photo.id} count={Math.min(photo.imageCount, 1)} />
                <p>
                  <Link to={`/admin/photos/${photo.id}`}>Identify the photo sent {photo.sent}</Link>
                  {photo.why ? ` (${photo.why})` : ""}
                  {photo.suggestions.length ? `. Perhaps: ${photo.suggestions.join(", ")}` : ""}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {reviews.length > 0 ? (
        <section className="card" aria-labelledby="reviews-title">
          <h2 id="reviews-title">Senders to review ({reviews.length})</h2>
          <p>
            The follow-up ladder did not stop these senders&apos; mail. One look at each sender answers every request escalated to it.
            Oldest first.
          </p>
          <ul className="plain">
            {reviews.map((review) => (
              <li key={review.templateId}>
                <Link to={`/admin/senders/${encodeURIComponent(review.templateId)}#review-title`}>{review.senderName}</Link>:{" "}
                {review.waiting} {review.waiting === 1 ? "request" : "requests"} escalated since {review.since}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {groups.map((group) => (
        <article key={group.key} className="card queue-group" aria-labelledby={`group-${group.key}`}>
          <h2 id={`group-${group.key}`}>{group.senderName}</h2>
          <p>
            <strong>{group.keys.length}</strong> waiting{group.premiumCount > 0 ? `, ${group.premiumCount} premium` : ""}
            {group.oldest ? `; oldest queued ${group.oldest}` : ""}. {HOW[group.channel.kind]}
            {group.channel.value ? `: ${group.channel.value}` : ""}
          </p>
          <p className="queue-why">Why it waits: {group.whyWaiting}</p>
          {group.channelProblems.map((problem) => (
            <p key={problem.kind} className="notice notice-warning">
              {CHANNEL_STOPPED[problem.kind]} since {problem.since}: {problem.reason}{" "}
              <Link to={`/admin/senders/${encodeURIComponent(group.key)}`}>Fix it on the sender&apos;s page</Link>
            </p>
          ))}
          <AddressesToCheck count={group.waiting.filter((request) => request.addressAsTyped).length} />
          {group.waiting.some((request) => request.escalatedTo) ? (
            <p className="notice notice-warning">
              {group.waiting.filter((request) => request.escalatedTo).length} escalated after the follow-up ladder: see who is waiting.
            </p>
          ) : null}
          <details>
            <summary>Who is waiting</summary>
            <ul className="plain">
              {group.waiting.map((request) => (
                <li key={request.key}>
                  <Link to={request.escalatedTo ?? `/admin/users/${request.userId}`}>{request.key}</Link>
                  {request.escalatedTo ? (
                    <>
                      {" "}
                      <strong className="status status-escalated">Escalated</strong>: a second request and the law did not stop the mail;
                      its whole history is on the person&apos;s page
                    </>
                  ) : null}
                  {request.premium ? " (premium)" : ""}
                  {request.queued ? `, queued ${request.queued}` : ""}
                  {request.emailProblem ? `. ${request.emailProblem}` : ""}
                  {request.addressAsTyped ? (
                    <>
                      {" "}
                      <AddressKeptAsTyped />
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </details>
          {group.channel.kind === "email" ? (
            <ProcessForm group={group.key} keys={group.keys} intent="send" label={`Send ${group.keys.length} by email`} />
          ) : group.channel.kind === "web" || group.channel.kind === "phone" ? (
            <>
              <details>
                <summary>What to enter for each person</summary>
                <ol className="queue-people">
                  {group.people.map((person) => (
                    <li key={person.key}>
                      {person.premium ? <span className="status">Premium</span> : null}
                      <pre className="letter">{person.letter}</pre>
                    </li>
                  ))}
                </ol>
              </details>
              <ProcessForm group={group.key} keys={group.keys} intent="filed" label={`Mark ${group.keys.length} filed`} />
            </>
          ) : (
            <p className="actions">
              <Link className="button" to={`/admin/queue/print?${new URLSearchParams({ group: group.key })}`}>
                Print letters
              </Link>
              <span className="muted">Mark them mailed on the print page, once they are in the post.</span>
            </p>
          )}
        </article>
      ))}
    </section>
  );
}

export const meta = () => pageMeta("Work queue");

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PrimaryAction } from "~/components/marketing/primary-action";
import { NEXT_STEP_LABELS } from "~/domain/dashboard";
import { ACTION_LABELS, CUSTOM_REQUIRED_DAYS, FREE_REQUEST_ALLOWANCE, STATUS_LABELS, UNDO_DELETE_DAYS } from "~/domain/requests";
import { MAIL_STOPS_AFTER, timingRule, WHY_MAIL_TAKES_WEEKS } from "~/domain/mail-timing";
import { LETTER_ELEMENTS } from "~/domain/opt-out-letter";
import { DROP_ABOUT, DROP_AGENTS, DROP_LIMITS } from "~/domain/drop";
import { DropSteps } from "~/components/requests/drop-guide";
import { asksForIdentityNumber } from "~/domain/sender-catalog";
import { CANNOT_STOP, kindOf, MAIL_KINDS } from "~/domain/sender-categories";
import { listSendersForLearn } from "~/models/request-template.server";
import { senderOutcomesShown } from "~/models/sender-outcome.server";
import { senderOutcomeText } from "~/domain/sender-outcome";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";

// Sections other pages link to (/learn#statuses and so on): the ids are part of the page's address.
const CONTENTS = [
  ["list-title", "What list-based mail is"],
  ["cannot-title", "What cannot be stopped"],
  ["saturation-mail", "Saturation mail"],
  ["wait-title", `Why it takes about ${MAIL_STOPS_AFTER.weeks} weeks`],
  ["after-the-wait", "If mail keeps coming after the wait"],
  ["mailing-label", "How to read a mailing label"],
  ["statuses", "What a request's status means"],
  ["letter-title", "What goes into an opt-out request"],
  ["services-title", "What stops each kind of mail"],
  ["drop", "California: one request to every data broker"],
] as const;

// Product rules: Request statuses and actions: the statuses, plus a preset (a template copied at signup) that was never sent.
const STATUSES = [
  [
    STATUS_LABELS.notSent,
    "A ready-made request for a common sender, added to your account when you signed up. Nothing has gone to that sender until you choose Unsubscribe.",
  ],
  [
    STATUS_LABELS.inQueue,
    `We have your request, or it has gone to the sender and we are waiting for the mail to stop. The card says which: how it was sent, when, and who acts next. ${timingRule(CUSTOM_REQUIRED_DAYS)}`,
  ],
  [STATUS_LABELS.confirmedByUser, "You told us the mail from this sender has stopped."],
  [
    STATUS_LABELS.cancelled,
    "You cancelled the request. If it had already reached the sender, the sender may still remove you: cancelling does not ask it to put you back on its list.",
  ],
  [STATUS_LABELS.deleted, "You deleted the request, so it no longer shows on your dashboard."],
] as const;

// Named as the dashboard's buttons name them.
const ACTIONS = [
  [
    ACTION_LABELS.unsubscribe,
    `Sends us the request to take to the sender. The status becomes In queue. Without a plan, it uses one of your ${FREE_REQUEST_ALLOWANCE} free requests, once per sender; for a sender that takes the request only from you, the button reads “I filed it” and uses none.`,
  ],
  [
    NEXT_STEP_LABELS.waitOver.confirm,
    `Your answer to “Has the mail stopped?”, asked once mail printed before should have stopped coming: before then, no one can tell. The status becomes Mail stopped.`,
  ],
  [
    NEXT_STEP_LABELS.waitOver.report,
    `The other answer: the mail has not stopped after the wait. The request is followed up, at no charge (In queue): first a second request citing the first; if the mail still comes after a second wait, a request under your state’s privacy law where it lets us act for you and reaches the sender (banks, lenders, insurers and small companies are outside these laws), with your signed permission; then our staff. On a request marked Mail stopped, the button reads “${NEXT_STEP_LABELS.confirmedByUser.report}”. When a piece from the sender was seen in your mail after the day its mail should have stopped, the card says so instead of asking, and the button reads “${NEXT_STEP_LABELS.stillComing.report}”.`,
  ],
  [ACTION_LABELS.cancel, "Stops the request. The status becomes Cancelled."],
  [
    ACTION_LABELS.delete,
    `Asks first, then hides the request from your dashboard. The status becomes Deleted. For ${UNDO_DELETE_DAYS} days, Undo brings it back as it was.`,
  ],
] as const;

const CHANNEL_LABELS = { web: "Website", email: "Email", mail: "Mail", phone: "Phone" } as const;

/** What a sender without a known channel says: the request still goes out, to the address on its mail (decision 0067). */
const NO_PUBLISHED_CHANNEL =
  "no opt-out method is published; we ask you for the return address printed on its mail and mail your letter there, or our staff find one.";

const AGENT_LABELS = {
  yes: "Yes: it accepts requests from an authorized agent.",
  no: "No: it does not take requests from an agent, so it gets your own request only, never one we send as your agent.",
  unknown: "Not stated by the sender.",
} as const;

/** The catalog's notes are fragments: show them as sentences. */
function sentence(text: string | null) {
  if (!text) return undefined;
  const capitalized = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}

// The catalog as staff last corrected it (D1), with only the fields the page shows.
export async function loader({ context }: LoaderFunctionArgs) {
  const db = getDb(context.env.DB);
  const [rows, outcomes] = await Promise.all([listSendersForLearn(db), senderOutcomesShown(db)]);
  const senders = rows.map((sender) => ({
    id: sender.id,
    name: sender.title,
    category: sender.category,
    covers: sender.covers,
    channels: sender.channels.map(({ kind, value, note }) => ({ kind, value, note })),
    agent: sender.acceptsAgent,
    needs: sentence(sender.needs.join("; ")),
    // The same rule as the dashboard's: refused agents, or an identity number the service never keeps.
    selfFiled: sender.consumerFiles
      ? sender.needs.some(asksForIdentityNumber)
        ? ("identityNumber" as const)
        : ("noAgents" as const)
      : null,
    lasts: sentence(sender.lasts),
    takes: sentence(sender.takes),
    asOf: sender.sourceYear ? `As of ${sender.sourceYear}.` : null,
    sourceUrl: sender.sourceUrl,
    // What requests to it showed, only from enough of them (decision 0060).
    outcome: senderOutcomeText(outcomes.get(sender.id)),
  }));
  // Grouped by kind of mail with the same rule the dashboard uses, in the order of MAIL_KINDS.
  const kinds = [...MAIL_KINDS, ...senders.map((sender) => kindOf(sender.category))]
    .filter((kind, index, all) => all.findIndex((other) => other.id === kind.id) === index)
    .map((kind) => ({ ...kind, senders: senders.filter((sender) => kind.categories.includes(sender.category)) }))
    .filter((kind) => kind.senders.length > 0);
  return { kinds };
}

export default function Learn() {
  const { kinds } = useLoaderData<typeof loader>();

  return (
    <div className="page narrow prose">
      <section aria-labelledby="page-title">
        <p className="eyebrow">Learn</p>
        <h1 id="page-title">Learn about junk mail</h1>
        <p className="lead">
          {`What can be stopped, what cannot, why it takes about ${MAIL_STOPS_AFTER.weeks} weeks, how to read your requests, and how the main opt-out services work.`}
        </p>
        <nav aria-labelledby="contents-title">
          <h2 id="contents-title">On this page</h2>
          <ul>
            {CONTENTS.map(([id, title]) => (
              <li key={id}>
                <a href={`#${id}`}>{title}</a>
              </li>
            ))}
          </ul>
        </nav>
      </section>

      <section aria-labelledby="list-title">
        <h2 id="list-title">What list-based mail is</h2>
        <p>
          Most junk mail is addressed to you by name because your name and address are on a list. Lists come from magazine subscriptions,
          catalog orders, warranty cards, donations and public records. Companies called data brokers and list cooperatives combine them and
          rent them to mailers.
        </p>
        <p>
          Because a list has an owner, you can ask to be taken off it and added to its Do Not Mail list (also called a suppression file).
          That is what we do for you. It works on list-based mail: magazines, catalogs, credit card offers and yellow pages.
        </p>
      </section>

      <section aria-labelledby="cannot-title">
        <h2 id="cannot-title">What cannot be stopped</h2>
        <p>We would rather tell you now than have you wonder later. Opt-out requests do not stop:</p>
        <ul>
          {CANNOT_STOP.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <section id="saturation-mail" aria-labelledby="saturation-title">
        <h2 id="saturation-title">Saturation mail</h2>
        <p>
          Some mail is not sent from a list of names at all. Saturation mail goes to every address on a mail carrier&apos;s route, often
          across whole zip codes: coupon packs, grocery and store flyers, takeout menus and local postcards. It is usually addressed to
          &quot;Resident&quot;, &quot;Current Resident&quot; or &quot;Postal Customer&quot; instead of a name. The Postal Service&apos;s
          Every Door Direct Mail works this way.
        </p>
        <p>
          Because no list has your name on it, there is nothing to be removed from, and opt-out requests do not stop it. Our requests work
          on list-based mail (magazines, catalogs, credit card offers, yellow pages) but not on saturation mail sent across zip codes.
        </p>
        <p>
          What can help: some local publishers and coupon mailers keep their own list of addresses not to deliver to and will skip yours if
          you ask. Look on the piece for a notice about removing your address, a phone number or a website, and ask the publisher directly.
          A few are listed under <a href="#cat-coupons">coupon mailers</a>. Not every publisher offers this.
        </p>
      </section>

      <section aria-labelledby="wait-title">
        <h2 id="wait-title">{`Why it takes about ${MAIL_STOPS_AFTER.weeks} weeks`}</h2>
        <p>
          {`${WHY_MAIL_TAKES_WEEKS} By the time a sender removes your name, its next mailings are often already printed, addressed and sorted for the post office, so they still arrive.`}
        </p>
        <p>
          {`${timingRule(CUSTOM_REQUIRED_DAYS)} The clock starts when the sender gets the request: the day an email is sent, or the day a letter is delivered. Each card on your dashboard shows its own dates, and asks whether the mail stopped once mail printed before should have stopped coming.`}
        </p>
        <p>
          Senders also work on their own schedules. DMAchoice, for example, says its registration takes 60 to 90 days to reach its members,
          and OptOutPrescreen says it processes a request in 5 business days but offers may keep coming for up to 60 days.
        </p>
      </section>

      <section id="after-the-wait" aria-labelledby="after-title">
        <h2 id="after-title">If mail keeps coming after the wait</h2>
        <p>
          {`${WHY_MAIL_TAKES_WEEKS} Mail that arrives before then is expected. If a sender is still mailing you after about ${MAIL_STOPS_AFTER.weeks} weeks, look at the label of the latest piece:`}
        </p>
        <ul>
          <li>
            <strong>Is it addressed to a name?</strong> If it says &quot;Resident&quot; or &quot;Current Resident&quot;, it is{" "}
            <a href="#saturation-mail">saturation mail</a>, which opt-out requests cannot stop.
          </li>
          <li>
            <strong>Is the name spelled the way your request has it?</strong> Mailers keep every variant as a separate record: &quot;Jane Q.
            Doe&quot;, &quot;J Doe&quot;, a maiden name, a misspelling, or someone who used to live with you. Add the name exactly as
            printed as a recipient on your <strong>Recipients</strong> page (/recipients) so that your requests cover it.
          </li>
          <li>
            <strong>Is there a customer number or source code?</strong> It tells the sender which record is still being mailed. See{" "}
            <a href="#mailing-label">how to read a mailing label</a>.
          </li>
        </ul>
        <p>
          Then answer <strong>{NEXT_STEP_LABELS.waitOver.report}</strong> on that sender&apos;s request (on a request marked Mail stopped:{" "}
          <strong>{NEXT_STEP_LABELS.confirmedByUser.report}</strong>). It puts the request back in the queue, and its status returns to In
          queue.
        </p>
        <p>
          If you bought from the company or gave to the charity recently, you are its customer, and it may keep mailing you as one. Ask it
          directly to stop.
        </p>
      </section>

      <section id="mailing-label" aria-labelledby="label-title">
        <h2 id="label-title">How to read a mailing label</h2>
        <p>
          Many catalogs and mailers print a code on the address label: a customer number, or a source code (also called a key code) that
          says which list your name came from. It lets the sender find the exact record it mails, even one with a misspelled name.
        </p>
        <figure>
          <pre className="card">{`#4417-2209   KEY: F25QX
JANE Q DOE
12 N MAIN ST APT 4B
SPRINGFIELD IL 62701-1234`}</pre>
          <figcaption>
            {/* A paragraph for its bottom margin: a figure has none. */}
            <p>An example label: the customer number (4417-2209) and the key code (F25QX) are on the line above the name.</p>
          </figcaption>
        </figure>
        <ul>
          <li>It is usually on the line above your name, sometimes at the right end of that line.</li>
          <li>
            It often follows a &quot;#&quot; or a word such as &quot;Key:&quot;, &quot;Source:&quot;, &quot;Customer No.&quot; or
            &quot;Code&quot;.
          </li>
          <li>
            On catalogs, look at the address panel on the back cover. The order form inside often repeats the customer number near the
            address panel as well.
          </li>
          <li>Copy it exactly, letters, digits and dashes included.</li>
        </ul>
        <p>
          If the label has no code, that is fine: leave it out. The sender can still find you by your name and address. Only copy codes from
          the mail you want stopped; never give a bank, credit card or utility account number.
        </p>
      </section>

      <section id="statuses" aria-labelledby="statuses-title">
        <h2 id="statuses-title">What a request&apos;s status means</h2>
        <p>Each request on your dashboard shows where it stands:</p>
        <ul>
          {STATUSES.map(([status, meaning]) => (
            <li key={status}>
              <strong>{status}</strong>: {meaning}
            </li>
          ))}
        </ul>
        <p>What each action on a request does:</p>
        <ul>
          {ACTIONS.map(([action, effect]) => (
            <li key={action}>
              <strong>{action}</strong>: {effect}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="letter-title">
        <h2 id="letter-title">What goes into an opt-out request</h2>
        <p>A request that senders can act on includes:</p>
        <ul>
          {LETTER_ELEMENTS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>
          We never collect a Social Security number or a date of birth. Where a sender insists on them, the request is one you file
          yourself, and we give you instructions.
        </p>
      </section>

      <section aria-labelledby="services-title">
        <h2 id="services-title">What stops each kind of mail</h2>
        <p>
          The ways to reach each sender come from public pages: company privacy pages, state attorney-general consumer pages, the California
          data broker registry and consumer guides. Senders change them from time to time, so each entry shows the year it dates from. Where
          a sender publishes no way to opt out, we say so, and our staff find one when you send a request.
        </p>
        <ul>
          {kinds.map((kind) => (
            <li key={kind.id}>
              <a href={`#cat-${kind.id}`}>{kind.title}</a> ({kind.senders.length})
            </li>
          ))}
        </ul>
        {kinds.map((kind) => (
          <section key={kind.id} aria-labelledby={`cat-${kind.id}`}>
            <h3 id={`cat-${kind.id}`}>{kind.title}</h3>
            {kind.advice.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <details className="kind-senders">
              <summary>
                {kind.senders.length === 1 ? "The sender we know" : `The ${kind.senders.length} senders we know`}, and how to reach each
              </summary>
              <ul className="plain senders">
                {kind.senders.map((sender) =>
                  sender.channels.length === 0 ? (
                    <li className="sender-line" key={sender.id}>
                      <strong>{sender.name}</strong>: {NO_PUBLISHED_CHANNEL}
                      {sender.outcome ? ` ${sender.outcome}` : null}
                    </li>
                  ) : (
                    <li className="card" key={sender.id}>
                      <h4>{sender.name}</h4>
                      {sender.covers ? <p>Covers {sender.covers}.</p> : null}
                      <dl>
                        <dt>How to opt out</dt>
                        <dd>
                          <ul>
                            {sender.channels.map((channel) => (
                              <li key={channel.value}>
                                {CHANNEL_LABELS[channel.kind]}:{" "}
                                {channel.kind === "web" ? (
                                  <a href={channel.value} rel="nofollow noreferrer">
                                    {channel.value.replace(/^https:\/\/(www\.)?/, "").replace(/\/$/, "")}
                                  </a>
                                ) : (
                                  channel.value
                                )}
                                {channel.note ? ` (${channel.note})` : null}
                              </li>
                            ))}
                          </ul>
                        </dd>
                        <dt>Can an agent file it for you?</dt>
                        <dd>{AGENT_LABELS[sender.agent]}</dd>
                        <dt>What the sender asks for</dt>
                        <dd>
                          {sender.needs}
                          {sender.selfFiled ? (
                            <>
                              {" "}
                              <strong>You file this one yourself</strong>
                              {sender.selfFiled === "identityNumber"
                                ? ", with our instructions: we never ask for or keep a Social Security number or a date of birth."
                                : ", with our instructions: this sender takes the request only from you."}
                            </>
                          ) : null}
                        </dd>
                        {sender.takes ? (
                          <>
                            <dt>How long it takes</dt>
                            <dd>{sender.takes}</dd>
                          </>
                        ) : null}
                        <dt>How long it lasts</dt>
                        <dd>{sender.lasts ?? "Not stated."}</dd>
                        {sender.outcome ? (
                          <>
                            <dt>What our requests showed</dt>
                            <dd>{sender.outcome}</dd>
                          </>
                        ) : null}
                        {sender.asOf || sender.sourceUrl ? (
                          <>
                            <dt>Source</dt>
                            <dd>
                              {sender.asOf}
                              {sender.asOf && sender.sourceUrl ? " " : null}
                              {sender.sourceUrl ? (
                                <a href={sender.sourceUrl} rel="nofollow noreferrer">
                                  Where this comes from
                                </a>
                              ) : null}
                            </dd>
                          </>
                        ) : null}
                      </dl>
                    </li>
                  ),
                )}
              </ul>
            </details>
          </section>
        ))}
      </section>

      <section id="drop" aria-labelledby="drop-title">
        <h2 id="drop-title">California: one request to every data broker</h2>
        <p>{DROP_ABOUT}</p>
        <p>{DROP_AGENTS}</p>
        <p>If you live in California:</p>
        <DropSteps />
        <p>{DROP_LIMITS}</p>
      </section>

      <section aria-labelledby="next-title">
        <h2 id="next-title">Ready to start?</h2>
        <p>
          {`Your first ${FREE_REQUEST_ALLOWANCE} requests are free.`} Questions about your data? Read the{" "}
          <Link to="/privacy">privacy policy</Link>.
        </p>
        <p>
          <PrimaryAction visitorLabel="Get started" />
        </p>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () =>
  pageMeta(
    "Learn about junk mail",
    `What junk mail can be stopped, what cannot, why it takes about ${MAIL_STOPS_AFTER.weeks} weeks, and how the major U.S. opt-out services work.`,
  );

import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PrimaryAction } from "~/components/marketing/primary-action";
import { pageMeta } from "~/utils/meta";
import catalog from "../../drizzle/senders.json";

const CATEGORIES = [
  {
    id: "preference-service",
    title: "Preference services",
    intro:
      "Industry do-not-mail lists that member companies check before sending prospect mail. One sign-up reaches many mailers, but only those that take part.",
  },
  {
    id: "credit-offers",
    title: "Pre-approved credit and insurance offers",
    intro:
      "The four consumer credit bureaus run one joint opt-out for prescreened offers, set up under the Fair Credit Reporting Act.",
  },
  {
    id: "data-broker",
    title: "Data brokers and list cooperatives",
    intro:
      "Companies that build the lists many mailers rent. Leaving them cuts off mail from companies you have never dealt with.",
  },
  {
    id: "mail-processor",
    title: "Mail processors",
    intro: "Firms that send mailings for other companies and pass your choice on to their clients.",
  },
  {
    id: "coupons",
    title: "Coupon mailers",
    intro:
      "Shared coupon packs often go to an address rather than a name. Some publishers will still skip an address on request.",
  },
  {
    id: "directories",
    title: "Phone directories",
    intro: "Printed phone books are delivered by address, and each publisher takes its own request.",
  },
] as const;

const CHANNEL_LABELS = { web: "Website", email: "Email", mail: "Mail", phone: "Phone" } as const;

const AGENT_LABELS = {
  yes: "Yes: it accepts requests from an authorized agent.",
  no: "No: the person must file it themselves.",
  unknown: "Not stated by the sender.",
} as const;

type Channel = { kind: keyof typeof CHANNEL_LABELS; value: string; note?: string };

/** The catalog's notes are fragments: show them as sentences. */
function sentence(text: string | undefined) {
  if (!text) return undefined;
  const capitalized = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}

// Loaded on the server only: the catalog stays out of any client bundle and the page's HTML carries
// just the fields shown.
export function loader() {
  const senders = catalog.senders.map((sender) => {
    const [level = "unknown", reason] = sender.confidence.split(/:\s*/);
    return {
      id: sender.id,
      name: sender.name,
      category: sender.category,
      covers: sender.covers,
      channels: (sender.channels as Channel[]).map(({ kind, value, note }) => ({ kind, value, note })),
      agent: sender.agent as keyof typeof AGENT_LABELS,
      needs: sentence(sender.needs.join("; ")),
      // A sender that asks for an SSN or a date of birth is filed by the person themselves.
      selfFiled: sender.needs.some((need) => /\bSSN\b|social security|date of birth/i.test(need)),
      lasts: sentence(sender.lasts),
      takes: sentence(sender.takes),
      source: `${sender.source_year ? `As of ${sender.source_year}` : "Source year unknown"}, ${level} confidence${reason ? `: ${reason}` : ""}.`,
    };
  });
  return { senders, cannotStop: catalog.cannot_stop, letterElements: catalog.letter_elements };
}

export default function Learn() {
  const { senders, cannotStop, letterElements } = useLoaderData<typeof loader>();

  return (
    <div className="page narrow prose">
      <section aria-labelledby="page-title">
        <p className="eyebrow">Learn</p>
        <h1 id="page-title">Learn about junk mail</h1>
        <p className="lead">
          What can be stopped, what cannot, why it takes about 8 weeks, and how the main opt-out services work.
        </p>
      </section>

      <section aria-labelledby="list-title">
        <h2 id="list-title">What list-based mail is</h2>
        <p>
          Most junk mail is addressed to you by name because your name and address are on a list. Lists come
          from magazine subscriptions, catalog orders, warranty cards, donations and public records. Companies
          called data brokers and list cooperatives combine them and rent them to mailers.
        </p>
        <p>
          Because a list has an owner, you can ask to be taken off it and added to its Do Not Mail list (also
          called a suppression file). That is what we do for you. It works on list-based mail: magazines,
          catalogs, credit card offers and yellow pages.
        </p>
      </section>

      <section aria-labelledby="cannot-title">
        <h2 id="cannot-title">What cannot be stopped</h2>
        <p>We would rather tell you now than have you wonder later. Opt-out requests do not stop:</p>
        <ul>
          {cannotStop.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="wait-title">
        <h2 id="wait-title">Why it takes about 8 weeks</h2>
        <p>
          Stopping takes about 8 weeks after processing, because mailers pre-print 1 to 3 extra mailings. By the
          time a sender removes your name, its next mailings are often already printed, addressed and sorted for
          the post office, so they still arrive.
        </p>
        <p>
          Senders also work on their own schedules. DMAchoice, for example, says its registration takes 60 to 90
          days to reach its members, and OptOutPrescreen says it processes a request in 5 business days but
          offers may keep coming for up to 60 days.
        </p>
      </section>

      <section aria-labelledby="letter-title">
        <h2 id="letter-title">What goes into an opt-out request</h2>
        <p>A request that senders can act on includes:</p>
        <ul>
          {letterElements.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>
          We never collect a Social Security number or a date of birth. Where a sender insists on them, the request
          is one you file yourself, and we give you instructions.
        </p>
      </section>

      <section aria-labelledby="services-title">
        <h2 id="services-title">How the major opt-out services work</h2>
        <p>
          These details come from public sources: company privacy pages, state attorney-general consumer pages,
          the California data broker registry and consumer guides. We could not confirm each one with the sender,
          so every entry shows the year of its source and how confident we are in it. Senders change their
          channels; we correct entries when we learn of changes.
        </p>
        {CATEGORIES.map((category) => {
          const inCategory = senders.filter((sender) => sender.category === category.id);
          if (inCategory.length === 0) return null;
          return (
            <section key={category.id} aria-labelledby={`cat-${category.id}`}>
              <h3 id={`cat-${category.id}`}>{category.title}</h3>
              <p>{category.intro}</p>
              <ul className="plain senders">
                {inCategory.map((sender) => (
                  <li className="card" key={sender.id}>
                    <h4>{sender.name}</h4>
                    <p>Covers {sender.covers}.</p>
                    <dl>
                      <dt>How to opt out</dt>
                      <dd>
                        {sender.channels.length === 0 ? (
                          "No current channel was found."
                        ) : (
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
                        )}
                      </dd>
                      <dt>Can an agent file it for you?</dt>
                      <dd>{AGENT_LABELS[sender.agent]}</dd>
                      <dt>What the sender asks for</dt>
                      <dd>
                        {sender.needs}
                        {sender.selfFiled ? (
                          <>
                            {" "}
                            <strong>You file this one yourself</strong>, with our instructions: we never ask for or
                            keep a Social Security number or a date of birth.
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
                      <dt>Source</dt>
                      <dd>{sender.source}</dd>
                    </dl>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </section>

      <section aria-labelledby="next-title">
        <h2 id="next-title">Ready to start?</h2>
        <p>
          Your first 3 requests are free. Questions about your data? Read the{" "}
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
    "What junk mail can be stopped, what cannot, why it takes about 8 weeks, and how the major U.S. opt-out services work.",
  );

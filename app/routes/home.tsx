import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { PrimaryAction } from "~/components/marketing/primary-action";
import { PlanCard } from "~/components/plan-card";
import { FREE_PLAN, PLAN_DETAILS, PLAN_IDS, planPriceText } from "~/domain/plans";
import { CUSTOM_REQUIRED_DAYS, FREE_REQUEST_ALLOWANCE } from "~/domain/requests";
import { MAIL_STOPS_AFTER, timingRule, WHY_MAIL_TAKES_WEEKS } from "~/domain/mail-timing";
import { attribution } from "~/domain/testimonials";
import { getPlanPriceList } from "~/integrations/stripe.server";
import { listHomeTestimonials } from "~/models/testimonial.server";
import type { loader as rootLoader } from "~/root";
import { trackVisit } from "~/services/analytics.server";
import { HOME_VISIT } from "~/services/public-pages.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";

// The home page must stay cheap: testimonials and prices come from the isolate's memory most of
// the time (D1 is asked again after HOME_TESTIMONIALS_CACHE_SECONDS, Stripe after an hour; decision
// 0026), and the visit is recorded after the response.
export async function loader({ request, context }: LoaderFunctionArgs) {
  trackVisit(request, context, HOME_VISIT);
  const { env } = context;
  const [prices, testimonials] = await Promise.all([
    getPlanPriceList(env),
    listHomeTestimonials(getDb(env.DB), { maxAgeSeconds: env.HOME_TESTIMONIALS_CACHE_SECONDS }),
  ]);
  return {
    // Where deleting an account lands (decision 0023).
    deleted: new URL(request.url).searchParams.get("deleted") === "1",
    plans: PLAN_IDS.map((id) => ({
      id,
      name: PLAN_DETAILS[id].name,
      priceText: planPriceText(prices[id]),
      includes: PLAN_DETAILS[id].includes,
    })),
    testimonials: testimonials.map((testimonial) => ({ id: testimonial.id, quote: testimonial.quote, who: attribution(testimonial) })),
  };
}

const BENEFITS = [
  ["A calmer mailbox", "Fewer catalogs, credit card offers and flyers to sort through, so the letters that matter stand out."],
  ["Less paper wasted", "Most junk mail goes from the mailbox straight to the bin. Every list you leave means less of it is printed."],
  [
    "Fewer copies of your details",
    "Each removal is one less company renting out your name and address, and fewer pre-approved offers left in your mailbox.",
  ],
  ["Progress you can see", "Every request has a status and a history, so you know what was sent, when, and what is still pending."],
] as const;

const STEPS = [
  ["Enter the sender's name", "Type the company whose mail you want to stop, or pick one of the big list owners we already know."],
  ["Confirm your information", "Check your full name and mailing address, exactly as they appear on the labels."],
  ["We send the request", "We send the opt-out request to the sender on your behalf."],
  ["Track progress", "Follow each request from your dashboard until the mail stops."],
] as const;

// Product rules: What the product promises, Numbers: these figures are the product's own and are shown exactly as given.
const FIGURES = [
  ["17 trees", " per ton of paper"],
  ["1,058 oz", " of CO2 saved per year"],
  ["1 hour", " saved per week"],
  ["86%", " less junk in 4 weeks"],
  ["20,166+", " trees saved"],
  ["A tree", " planted for every customer"],
] as const;

export default function Home() {
  const { deleted, plans, testimonials } = useLoaderData<typeof loader>();
  return (
    <>
      {deleted ? (
        <p className="notice page measure" role="status">
          Your account is deleted, and everything that named you with it. We sent a last email to confirm. Thank you for using Quiet
          Mailbox.
        </p>
      ) : null}
      <section className="page hero measure" aria-labelledby="hero-title">
        <p className="eyebrow">Junk mail opt-out for U.S. households</p>
        <h1 id="hero-title">Stop junk mail. Start fresh.</h1>
        <p className="lead">Less paper. More peace.</p>
        <p>
          Quiet Mailbox asks the companies that fill your mailbox to take your name and address off their lists, on your behalf, and shows
          you where every request stands.
        </p>
        <p className="actions">
          <PrimaryAction visitorLabel="Get started" />
          <span className="muted">
            Your first {FREE_REQUEST_ALLOWANCE} requests are free. <a href="#pricing">See plans and prices</a>
          </span>
        </p>
      </section>

      <section className="band band-white" aria-labelledby="benefits-title">
        <div className="page">
          <h2 id="benefits-title">Why people use Quiet Mailbox</h2>
          <ul className="grid quad plain">
            {BENEFITS.map(([title, text]) => (
              <li className="card" key={title}>
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="page" aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol className="steps grid quad">
          {STEPS.map(([title, text]) => (
            <li className="card" key={title}>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
        <h3>The letter we send for you</h3>
        <p>Every request carries a short, ready-made letter that you can also copy and send yourself:</p>
        <div className="card letter">
          <p>To the list manager:</p>
          <p>Please remove my full name and address, shown below, from your direct mailing list, and add them to your Do Not Mail list.</p>
          <p>
            <i>Your full name</i>
            <br />
            <i>Your mailing address</i>
          </p>
        </div>
      </section>

      <section className="band band-brand" aria-labelledby="impact-title">
        <div className="page">
          <h2 id="impact-title">The difference it makes</h2>
          <ul className="grid plain figures">
            {FIGURES.map(([figure, text]) => (
              <li key={figure}>
                <strong className="figure">{figure}</strong>
                {text}
              </li>
            ))}
          </ul>
          <p>These are averages and estimates. What you see depends on how much list-based mail reaches you.</p>
        </div>
      </section>

      <section className="page" aria-labelledby="honest-title">
        <h2 id="honest-title">What to expect, honestly</h2>
        <div className="grid">
          <div className="card">
            <h3>{`It takes about ${MAIL_STOPS_AFTER.weeks} weeks`}</h3>
            <p>{`${WHY_MAIL_TAKES_WEEKS} Pieces that are already printed and addressed keep arriving for a while; then they stop.`}</p>
          </div>
          <div className="card">
            <h3>What it can stop</h3>
            <p>
              Quiet Mailbox works on list-based mail (magazines, catalogs, credit card offers, yellow pages): mail sent to you because your
              name and address are on a list.
            </p>
          </div>
          <div className="card">
            <h3>What it cannot stop</h3>
            <p>
              It does not work on saturation mail sent across zip codes, addressed to “Current Resident” or “Postal Customer”: there is no
              list to take you off. Nor does it stop statements, legal notices, election mail or mail from companies you buy from.
            </p>
          </div>
        </div>
        <p>
          <Link to="/learn">Learn what can and cannot be stopped, and why</Link>
        </p>
      </section>

      <section id="pricing" className="band band-white" aria-labelledby="pricing-title">
        <div className="page">
          <h2 id="pricing-title">Plans and prices</h2>
          <p>
            {`Every account starts with ${FREE_REQUEST_ALLOWANCE} free requests, and no card is asked for. When they are used, a plan sends as many as you need. Plans are paid by card through Stripe, and you can cancel any time.`}
          </p>
          <div className="grid plans">
            <PlanCard id="free" name={FREE_PLAN.name} priceText="$0" includes={FREE_PLAN.includes} />
            {plans.map((plan) => (
              <PlanCard key={plan.id} {...plan} />
            ))}
          </div>
          <p>
            <PricingAction />
          </p>
        </div>
      </section>

      {testimonials.length > 0 ? (
        <section className="page" aria-labelledby="quotes-title">
          <h2 id="quotes-title">What customers say</h2>
          <div className="grid">
            {testimonials.map((testimonial) => (
              <figure className="card" key={testimonial.id}>
                <blockquote>
                  <p>{testimonial.quote}</p>
                </blockquote>
                <figcaption>{testimonial.who}</figcaption>
              </figure>
            ))}
          </div>
        </section>
      ) : null}

      <section className="page measure" aria-labelledby="mission-title">
        <h2 id="mission-title">Our mission</h2>
        <p>
          Billions of pieces of unwanted mail are printed, delivered and thrown away every year. We want every mailbox to hold only what its
          owner wants to read, and we want the paper saved to count: that is why there is a tree planted for every customer.
        </p>
      </section>

      <section className="page measure" aria-labelledby="faq-title">
        <h2 id="faq-title">Questions and answers</h2>
        <details>
          <summary>How long does it take?</summary>
          <div>
            <p>{`${timingRule(CUSTOM_REQUIRED_DAYS)} Your dashboard shows each request's own dates, counted from the day the sender got it, and asks you whether the mail stopped once mail printed before should have stopped coming.`}</p>
          </div>
        </details>
        <details>
          <summary>What can you stop, and what can't you?</summary>
          <div>
            <p>
              We can stop list-based mail: magazines, catalogs, credit card offers and yellow pages. We can't stop saturation mail sent to
              every address across zip codes (“Current Resident”), newspaper inserts, election mail, legal notices, account statements, or
              mail from companies you recently bought from or gave to. Ask those companies directly.
            </p>
          </div>
        </details>
        <details>
          <summary>What information do you keep, and why?</summary>
          <div>
            <p>
              Your full name and mailing address are used only to unsubscribe you from mailing lists, are stored securely and are not shared
              with third parties: they go only to the senders you ask us to contact, and to the service providers that help us run the
              service. Your email is used only for important progress communication and our newsletter, which you can leave with one click.{" "}
              <Link to="/privacy">Read the privacy policy</Link>.
            </p>
          </div>
        </details>
        <details>
          <summary>How much does it cost?</summary>
          <div>
            <p>
              {`Your first ${FREE_REQUEST_ALLOWANCE} requests are free.`} After that you can choose a paid plan, Basic or Premium, billed to
              your card through our payment provider. You can cancel any time. <a href="#pricing">See the plans and what they cost</a>.
            </p>
          </div>
        </details>
        <details>
          <summary>Do you need my Social Security number?</summary>
          <div>
            <p>
              No, never, and we never ask for your date of birth either. The credit bureaus' opt-out for pre-approved offers asks for them,
              so that one you file yourself, and we show you how.
            </p>
          </div>
        </details>
        <details>
          <summary>What if I move?</summary>
          <div>
            <p>
              Mailers that have your old address can get the new one from the Postal Service's change-of-address service, so after a move
              the requests need to be sent again for the new address. Tell us on your account page that you moved: every open request goes
              out again for the new address, free of charge, and each letter names your old address too.
            </p>
          </div>
        </details>
        <details>
          <summary>Can I include other people at my address?</summary>
          <div>
            <p>
              Yes. Add the names of the people who live with you, or who used to, and we ask senders to remove every name at your address.
            </p>
          </div>
        </details>
        <details>
          <summary>Will I stop getting mail I want?</summary>
          <div>
            <p>
              No. You choose every sender. Bills, statements and mail from people are not touched, and you can cancel a request that you no
              longer want.
            </p>
          </div>
        </details>
      </section>

      <section className="band band-brand" aria-labelledby="closing-title">
        <div className="page center">
          <h2 id="closing-title">Ready for a quieter mailbox?</h2>
          <p>{`Send your first ${FREE_REQUEST_ALLOWANCE} requests free and watch the pile shrink.`}</p>
          <p>
            <PrimaryAction visitorLabel="Sign Up Now" light />
          </p>
        </div>
      </section>
    </>
  );
}

/** Visitors start with the free requests; a signed-in user chooses a plan on /subscription. */
function PricingAction() {
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user;
  return user ? (
    <Link className="button" to="/subscription">
      Choose a plan
    </Link>
  ) : (
    <Link className="button" to="/start/step1">
      {`Start with ${FREE_REQUEST_ALLOWANCE} free requests`}
    </Link>
  );
}

export const meta: MetaFunction = () =>
  pageMeta(
    "Quiet Mailbox",
    `Stop junk mail. Start fresh. We send opt-out requests to junk mail senders for you and track each one. Your first ${FREE_REQUEST_ALLOWANCE} requests are free.`,
  );

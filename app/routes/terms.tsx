import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ContactLink, LegalPage } from "~/components/marketing/legal-page";
import { FREE_REQUEST_ALLOWANCE } from "~/domain/requests";
import { MAIL_STOPS_AFTER } from "~/domain/mail-timing";
import { pageMeta } from "~/utils/meta";

export default function Terms() {
  return (
    <LegalPage
      title="Terms of Service"
      intro="These terms are the agreement between you and Quiet Mailbox. They explain what we do for you, what we can't promise, how paying works and what we expect in return."
    >
      <h2>1. Agreeing to these terms</h2>
      <p>
        By creating an account or using Quiet Mailbox you agree to these terms and to our <Link to="/privacy">Privacy Policy</Link>. If you
        don't agree, please don't use the service. You must be at least 18 years old and live in the United States to open an account.
      </p>

      <h2>2. What the service does</h2>
      <p>
        Quiet Mailbox helps you stop unsolicited paper mail. You tell us which senders you want to hear from no more, you confirm your name
        and mailing address, and we send each sender an opt-out request asking it to remove your full name and address from its direct
        mailing list and add them to its Do Not Mail list. You can follow every request from your dashboard, and you can copy the text of
        the request to send it yourself.
      </p>
      <p>
        <strong>You appoint us as your agent</strong> for this limited purpose: to send opt-out and do-not-mail requests in your name, for
        the people and the address you give us, and to receive the senders' replies about them. We do nothing else in your name. You can
        withdraw this authority at any time by canceling a request or closing your account.
      </p>
      <p>
        Some senders accept requests only from the person themselves, or ask for details we never collect, such as a Social Security number
        or a date of birth. For those we give you instructions so that you can file the request yourself.
      </p>

      <h2>3. What we can't promise</h2>
      <ul>
        <li>
          Senders decide whether and when to honor a request. We send requests carefully, but we can't guarantee that any sender will
          comply, or that all of your junk mail will stop.
        </li>
        <li>
          {`It takes time. Mail usually stops about ${MAIL_STOPS_AFTER.weeks} weeks after a request is processed, because mailers pre-print ${MAIL_STOPS_AFTER.extraMailings} extra mailings.`}
        </li>
        <li>
          The service works on list-based mail, such as magazines, catalogs, credit card offers and yellow pages. It does not stop
          saturation mail sent to every address across zip codes, addressed to “Current Resident” or “Postal Customer”, nor statements,
          legal notices, election mail or mail from companies you do business with. See{" "}
          <Link to="/learn">what can and cannot be stopped</Link>.
        </li>
        <li>After a move, the requests have to be sent again for the new address.</li>
      </ul>

      <h2>4. Your account</h2>
      <p>
        Give us accurate information and keep it up to date. Keep your password to yourself: you are responsible for what happens under your
        account. Tell us at once if you think someone else has used it.
      </p>

      <h2>5. Free requests and paid plans</h2>
      <p>
        {`Every account comes with ${FREE_REQUEST_ALLOWANCE} free requests. After those, you can subscribe to a paid plan, Basic or Premium. The price and what each plan includes are shown before you pay.`}
      </p>
      <ul>
        <li>Plans are paid by card and billed through our card payment provider. We never see or store your full card number.</li>
        <li>A subscription renews automatically at the end of each billing period, at the price you agreed to, until you cancel.</li>
        <li>If we change a plan's price, we will tell you by email before the change applies to you, and you can cancel before it does.</li>
        <li>Prices include any taxes we are required to collect, unless shown otherwise.</li>
      </ul>

      <h2>6. Canceling</h2>
      <p>
        You can cancel your subscription any time. It stays active until the end of the period you have paid for and is not renewed after
        that. We don't refund partial periods, except where the law requires it. Requests already sent to senders are not withdrawn when you
        cancel. You can also close your account whenever you like.
      </p>

      <h2>7. Acceptable use</h2>
      <p>You may use Quiet Mailbox only for your own address and household. That means:</p>
      <ul>
        <li>
          Send requests only for yourself and for people who live, or used to live, at your address and who would want the requests made,
          such as family members or former residents.
        </li>
        <li>Don't send requests for someone else's address, or to harm, harass or impersonate anyone.</li>
        <li>Don't give false information, and don't use the service to stop mail you are legally required to receive.</li>
        <li>Don't resell the service, send automated traffic to it, or try to get into parts of it or data that are not yours.</li>
      </ul>
      <p>We may suspend or close an account that breaks these rules. Where we can, we will tell you why first.</p>

      <h2>8. Your information</h2>
      <p>
        We use your information only as described in our <Link to="/privacy">Privacy Policy</Link>. In short: your full name and mailing
        address are used only to unsubscribe you from mailing lists, and we never sell them.
      </p>

      <h2>9. The service as it is</h2>
      <p>
        We work to keep Quiet Mailbox available and accurate, but it is provided “as is”. To the extent the law allows, we make no promises
        beyond those in these terms, and we are not liable for indirect or consequential losses, or for what senders do or fail to do. If we
        are liable to you for anything, our total liability is limited to the amount you paid us in the 12 months before the claim. Nothing
        in these terms limits rights that you have under consumer protection laws and that cannot be waived.
      </p>

      <h2>10. Changes to these terms</h2>
      <p>
        We may update these terms as the service changes. We will change the date at the top of this page, and if a change matters to you,
        we will tell you by email before it takes effect. If you keep using the service after that, the new terms apply; if you don't accept
        them, you can close your account.
      </p>

      <h2>11. Governing terms</h2>
      <p>
        These terms are governed by the laws of the United States and of the state where Quiet Mailbox is established, without regard to
        conflict-of-law rules. If you have a problem, please write to us first; most things can be settled quickly. If they can't, either of
        us may bring a claim in the courts that have jurisdiction, and you keep any right to sue in your own state that its law gives you.
      </p>
      <p>
        If any part of these terms cannot be enforced, the rest still applies. These terms and the Privacy Policy are the whole agreement
        between us about the service.
      </p>

      <h2>12. Contact</h2>
      <p>
        Questions about these terms: <ContactLink />.
      </p>
    </LegalPage>
  );
}

export const meta: MetaFunction = () =>
  pageMeta(
    "Terms of Service",
    "The agreement between you and Quiet Mailbox: what we do as your agent, what we can't promise, plans and canceling.",
  );

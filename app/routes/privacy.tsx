import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ContactLink, LegalPage } from "~/components/marketing/legal-page";
import { DIGEST_REPEAT_DAYS } from "~/domain/inbound-trust";
import { PHOTO_LIMITS } from "~/domain/mail-photo";
import { DAYS_KEPT } from "~/domain/mail-tally";
import { pageMeta } from "~/utils/meta";

export default function Privacy() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="We ask for as little as the job needs, use it only for that job, and never sell it. This page lists everything we keep, why, who else sees it and how to have it deleted."
    >
      <h2>What we keep and why</h2>
      <h3>Your account</h3>
      <p>
        Your email address and a password. The password is stored only as a one-way hash, so nobody, including us, can read it. We use your
        email to sign you in and only for important progress communication about your requests.
      </p>

      <h3>Your full name and mailing address</h3>
      <p>
        Your full name and mailing address are used only to unsubscribe you from mailing lists. They are written into the opt-out requests
        you ask us to send, and they are stored securely. Before we save your address we check it with an address verification service so
        that it matches what mailers print on their labels.
      </p>

      <h3>Other people at your address</h3>
      <p>
        If you add the names of other people at your address as recipients, such as family members or former residents, we keep those names
        to include them in your requests. Add only people who would want their mail stopped.
      </p>

      <h3>Your requests and their history</h3>
      <p>
        For each request we keep the sender's name, the name and address it is for, its status and a dated history of what happened: when it
        was created, sent, confirmed, canceled or deleted, and any replies from the sender. This lets you, and us, follow it through.
      </p>

      <h3>Payments</h3>
      <p>
        When you create an account, we give your name and email to our card payment provider so that a billing record is ready if you
        subscribe later. If you subscribe, your card is handled by that provider. We keep only the customer and subscription ids it gives
        us, and your plan. We never see or store card numbers.
      </p>

      <h3>Newsletter</h3>
      <p>
        When you create an account, we add your email and name to our newsletter list, with a few tags (for example, your plan, or that you
        have used your free requests), in our newsletter tool, which sends it for us. Every newsletter has an unsubscribe link; once you use
        it, you get no more newsletters.
      </p>

      <h3>Product analytics</h3>
      <p>
        We record a few events, such as a visit to the home page or a request being created, to learn which parts of the service are used.
        These events never contain your name, email or address; at most they are linked to your account's internal id. Page visits are
        counted only if you answer "yes" when we ask; if your browser sends Do Not Track or Global Privacy Control, we do not ask and do not
        count them.
      </p>

      <h3>Cookies</h3>
      <p>
        We use a session cookie to keep you signed in (or to remember the signup step you are on), for up to 30 days; a cookie that
        remembers your answer to the visit-counting question, for a year; and, once you sign in, a cookie that marks this browser as one you
        use, for a year, so that someone else guessing your password can never lock you out here. It holds random numbers, nothing about
        you. We use no advertising or tracking cookies, and no third-party ads.
      </p>

      <h3 id="photos">Photos of your mail</h3>
      <p>
        If you send us a photo of a piece of mail, we first remove the location, the camera details and any other hidden information the
        photo file carries, then store it privately: only you and our staff can see it, through this site. A text-reading service reads the
        printed text off it so we can find the sender and the customer number. We delete the photo, and the text read from it, as soon as
        the sender is confirmed, by you or by our staff. A photo whose sender is never found is deleted after {PHOTO_LIMITS.keepDays} days,
        and all your photos are deleted with your account. You can also delete a photo yourself from its page.
      </p>

      <h3 id="mail-seen">The mail you forward to us</h3>
      <p>
        If you forward the Postal Service&rsquo;s daily email of your mail to your address with us, a text-reading service reads each
        piece&rsquo;s image so we can find its sender, and we delete the image once it is read. For a day or two we keep what was read off
        the piece (its sender, and any customer number), longer only for a piece we could not verify, until you answer about it on its
        request. For {DIGEST_REPEAT_DAYS} days we keep a code made from each email we took, so that the same email sent twice counts once.
        After that we keep only what your pages show: for each sender, how many pieces came and the last day; for each of your requests, the
        day each piece from its sender came; and how many pieces came each day, for the last {DAYS_KEPT} days. All of it is deleted with
        your account, and your data export lists it.
      </p>

      <h3>What we never collect</h3>
      <p>
        We never collect your Social Security number or your date of birth. A few senders ask for them; for those, we give you instructions
        to file the request yourself, directly with the sender.
      </p>

      <h2>Who else sees your information</h2>
      <p>
        We do not sell your information, and we do not share it with third parties for their own purposes or for advertising. It goes only
        to:
      </p>
      <ul>
        <li>the senders you ask us to contact, which receive the names and address in your request so they can remove them;</li>
        <li>our hosting and database provider, which runs the service and stores its data;</li>
        <li>our address verification service, which checks your mailing address;</li>
        <li>our card payment provider, which keeps your billing record;</li>
        <li>our newsletter tool, until you unsubscribe;</li>
        <li>our email delivery provider, which sends messages about your requests;</li>
        <li>our text-reading service, which reads the printed text off the photos of mail you choose to send.</li>
      </ul>
      <p>
        These providers act on our instructions and may use your information only to provide their service to us. We may also disclose
        information when the law requires it, for example in response to a valid court order.
      </p>

      <h2>Taking your data with you</h2>
      <p>
        On your account page, one click downloads everything we hold about you as a JSON file: your account, your earlier addresses, your
        recipients, every request with its letter and history, the answers senders sent, the subjects and dates of the emails we sent you,
        your subscription&rsquo;s state (we never hold card details) and your email and cookie choices. The same is shown as a page you can
        read and print.
      </p>

      <h2>How long we keep it, and deleting it</h2>
      <p>
        We keep your information while your account is open. You can change your name, address, email and password yourself on your account
        page, and delete your account there at any time.
      </p>
      <p>When you delete your account:</p>
      <ul>
        <li>
          At once, we erase your name, address, earlier addresses, email, password, recipients, requests, their letters and history, and the
          answers senders sent. Every device is signed out. Photos of mail you sent are deleted within minutes.
        </li>
        <li>
          Within minutes, and retried until it is done: your subscription is cancelled with no further charge and your customer record is
          deleted at our payment provider, and you are permanently removed from our newsletter list.
        </li>
        <li>We send one last email to confirm, and then keep neither its address nor its text.</li>
        <li>
          We keep only what names no one: the random number your account had, in our record of deleted accounts, in our staff&rsquo;s log of
          what they did (without the reasons or details they wrote), and next to the visit counts. Payments already made stay with our
          payment provider for as long as tax and accounting law requires.
        </li>
        <li>
          Our database provider can restore the database as it was up to 30 days back, to recover from an accident; after 30 days, nothing
          deleted can be brought back. Our email provider keeps its own delivery log of the emails it sent for a limited time.
        </li>
        <li>
          Senders that have already received a request keep your name on their Do Not Mail lists; that is what keeps the mail stopped. You
          can sign up again with the same email whenever you like.
        </li>
      </ul>

      <h2>Your choices and rights</h2>
      <ul>
        <li>See and correct your name, address, email and recipients yourself, and ask us to correct anything else.</li>
        <li>
          Turn the newsletter and our &ldquo;has the mail stopped?&rdquo; reminders on or off on your account page, or with the link in any
          of them.
        </li>
        <li>Turn on Global Privacy Control or Do Not Track in your browser to stop visit analytics.</li>
        <li>
          Download a copy of your data, or delete your account, from your account page. Residents of California and other states with
          privacy laws have these rights by law; we honor them for everyone, and we will never treat you differently for using them.
        </li>
      </ul>

      <h2>Security</h2>
      <p>
        Your data travels over encrypted connections and is stored with access limited to the people who process requests. Passwords are
        stored only as hashes. If a breach ever affected your information, we would tell you as the law requires.
      </p>

      <h2>Children</h2>
      <p>
        Quiet Mailbox is for adults. We don't knowingly collect information from children under 13; if you believe we have, contact us and
        we will delete it.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        When we change this policy we update the date at the top. If a change affects how we use information we already hold, we will tell
        you by email first. See also our <Link to="/terms">Terms of Service</Link>.
      </p>

      <h2>Contact</h2>
      <p>
        For questions, a copy of your data or a deletion request, email <ContactLink />.
      </p>
    </LegalPage>
  );
}

export const meta: MetaFunction = () =>
  pageMeta("Privacy Policy", "What Quiet Mailbox stores about you, why, who else sees it, how long we keep it and how to have it deleted.");

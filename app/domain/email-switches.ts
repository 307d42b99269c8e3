// The emails a person can turn off from a link in each of them, without signing in: "Has the mail
// stopped?" reminders (decision 0017) and the news of each step taken in their name (decision 0071).
// /reminders/unsubscribe serves both; the token in the link says which.

export const EMAIL_SWITCHES = ["reminders", "followUps"] as const;
export type EmailSwitch = (typeof EMAIL_SWITCHES)[number];

/** What the switch's page says of each kind of email, as the person reads it. */
export const EMAIL_SWITCH_WORDS: Record<
  EmailSwitch,
  { title: string; about: string; on: string; off: string; stop: string; start: string; stopped: string; started: string }
> = {
  reminders: {
    title: "Reminder emails",
    about:
      "When a request has had time to work, we email you to ask whether the sender’s mail has stopped: at most twice for each time we send a request. Your answer tells us whether to send it again.",
    on: "Reminder emails are on.",
    off: "Reminder emails are off. You can still tell us from your dashboard when the mail stops.",
    stop: "Stop reminder emails",
    start: "Turn reminders back on",
    stopped: "We will not send you “Has the mail stopped?” reminders any more.",
    started: "Reminders are back on.",
  },
  followUps: {
    title: "Emails about steps we take for you",
    about:
      "When a sender keeps mailing you, we act in your name: a second request, a request under your state’s privacy law, a question for you, or our staff. We email you at each step, with what went out and what, if anything, is yours to do.",
    on: "Emails about these steps are on.",
    off: "Emails about these steps are off. Each step still shows on the request’s card on your dashboard.",
    stop: "Stop these emails",
    start: "Turn these emails back on",
    stopped: "We will not email you about the steps we take for you any more. Each one still shows on your dashboard.",
    started: "Emails about the steps we take for you are back on.",
  },
};

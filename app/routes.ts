import { index, layout, route, type RouteConfig } from "@remix-run/route-config";

// Product rules: Routes: every path is an exact match; anything else is the not-found screen.
export default [
  index("routes/home.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("progress", "routes/progress.tsx"),
  route("requests/add", "routes/requests.add.tsx"),
  route("recipients", "routes/recipients.tsx"),
  route("recipients/add", "routes/recipients.add.tsx"),
  route("recipients/edit/:id", "routes/recipients.edit.$id.tsx"),
  route("learn", "routes/learn.tsx"),
  route("start/step1", "routes/start.step1.tsx"),
  route("start/step2", "routes/start.step2.tsx"),
  // The link that finishes a signup when many people sign up at once (ours; decision 0040).
  route("start/confirm", "routes/start.confirm.tsx"),
  route("subscription", "routes/subscription.tsx"),
  route("signin", "routes/signin.tsx"),
  route("password/forgot", "routes/password.forgot.tsx"),
  route("password/reset", "routes/password.reset.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("sitemap", "routes/sitemap.tsx"),
  // The account page and its forms (ours; decision 0023).
  route("account", "routes/account.tsx"),
  route("account/address", "routes/account.address.tsx"),
  route("account/address/confirm", "routes/account.address.confirm.tsx"),
  route("account/email", "routes/account.email.tsx"),
  route("account/email/confirm", "routes/account.email.confirm.tsx"),
  route("account/password", "routes/account.password.tsx"),
  route("account/delete", "routes/account.delete.tsx"),
  // "Has the mail stopped?" reminders (ours; decision 0017): the page each reminder links to, and
  // turning reminders off from the link in every reminder.
  route("reminders/unsubscribe", "routes/reminders.unsubscribe.tsx"),
  route("reminders/:requestId", "routes/reminders.$requestId.tsx"),
  // "Export my data" (ours; decision 0024): everything held about the user, as a page to read and
  // print and as a JSON file.
  route("account/export", "routes/account.export.tsx"),
  route("account/export.json", "routes/account.export[.]json.ts"),
  // A request's opt-out letter as a text file, for sending it yourself (ours; decision 0027).
  route("requests/:requestId/letter.txt", "routes/requests.$requestId.letter[.]txt.ts"),
  // The sender box's suggestions on /requests/add, for its script (ours; decision 0029).
  route("requests/senders", "routes/requests.senders.ts"),
  // A photo of junk mail instead of a typed name (ours; decision 0030): the upload, the page that
  // follows its reading, its images (owner and staff only) and its state for the page's script.
  // The return address printed on a piece, for a sender with no channel (ours; decision 0067).
  route("requests/:requestId/return-address", "routes/requests.$requestId.return-address.tsx"),
  route("requests/photo", "routes/requests.photo.tsx"),
  route("requests/photo/:photoId", "routes/requests.photo.$photoId.tsx"),
  route("requests/photo/:photoId/image/:index", "routes/requests.photo.$photoId.image.$index.ts"),
  route("requests/photo/:photoId/state", "routes/requests.photo.$photoId.state.ts"),
  // The staff area (decision 0016): one layout, a page per task.
  route("admin", "routes/admin.tsx", [
    // A page that fails shows its error inside the frame (decision 0046).
    layout("routes/admin._pages.tsx", [
      index("routes/admin._index.tsx"),
      route("queue", "routes/admin.queue.tsx"),
      route("queue/print", "routes/admin.queue.print.tsx"),
      route("photos/:photoId", "routes/admin.photos.$photoId.tsx"),
      route("users", "routes/admin.users.tsx"),
      route("users/:id", "routes/admin.users.$id.tsx"),
      route("senders", "routes/admin.senders.tsx"),
      route("senders/new", "routes/admin.senders.new.tsx"),
      route("senders/requested", "routes/admin.senders.requested.tsx"),
      route("senders/:id", "routes/admin.senders.$id.tsx"),
      route("testimonials", "routes/admin.testimonials.tsx"),
      route("testimonials/new", "routes/admin.testimonials.new.tsx"),
      route("testimonials/:id", "routes/admin.testimonials.$id.tsx"),
      route("jobs", "routes/admin.jobs.tsx"),
      route("audit", "routes/admin.audit.tsx"),
      route("progress", "routes/admin.progress.tsx"),
    ]),
  ]),

  // The endpoints (product rules: Calls to the server), and form targets that have no page of their own.
  route("api/address/verify", "routes/api.address.verify.ts"),
  route("api/mailchimp/subscribers/add", "routes/api.mailchimp.subscribers.add.ts"),
  route("api/mailchimp/tags/add", "routes/api.mailchimp.tags.add.ts"),
  route("api/mailchimp/notifications/new_user", "routes/api.mailchimp.notifications.new_user.ts"),
  route("api/customers/create", "routes/api.customers.create.ts"),
  route("api/subscriptions/create", "routes/api.subscriptions.create.ts"),
  route("api/webhooks/stripe", "routes/api.webhooks.stripe.ts"),
  route("api/webhooks/lob", "routes/api.webhooks.lob.ts"),
  route("api/webhooks/postmark", "routes/api.webhooks.postmark.ts"),
  route("api/signout", "routes/api.signout.ts"),
  route("api/consent", "routes/api.consent.ts"),

  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

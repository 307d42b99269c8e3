import { createHash } from "node:crypto";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { users } from "../../drizzle/schema";
import { received, fault, uniqueEmail } from "./stand-ins";
import { stripeEvents, submitCheckout } from "./stripe";
import { EmailError, sendEmail } from "~/integrations/email.server";
import { getMailchimp, MailchimpError, mailchimpBaseUrl, splitFullName, subscriberHash } from "~/integrations/mailchimp.server";
import { cancelSubscriptionNow, deleteCustomer, getStripe, isRetryableStripeError } from "~/integrations/stripe.server";
import { ensureStripeCustomer } from "~/services/billing.server";
import { parseEnv, type AppEnv } from "~/utils/env.server";
import { getDb } from "~/utils/db.server";

const appEnv = parseEnv(env);
const db = getDb(env.DB);
const md5 = (text: string) => createHash("md5").update(text).digest("hex");

describe("the Mailchimp client", () => {
  it("names a member by the MD5 of the lowercased address", async () => {
    // A published example: md5("test@example.com").
    expect(await subscriberHash(" Test@Example.com ")).toBe("55502f40dc8b7c769880b10874abc9d0");
  });

  it.each([
    ["Jane Doe", { FNAME: "Jane", LNAME: "Doe" }],
    ["  Mary Ann   van der Berg ", { FNAME: "Mary", LNAME: "Ann van der Berg" }],
    ["Cher", { FNAME: "Cher", LNAME: "" }],
  ])("splits %j into merge fields", (fullName, fields) => {
    expect(splitFullName(fullName)).toEqual(fields);
  });

  it("uses the account's data center when no URL is configured", () => {
    const production = { ...appEnv, MAILCHIMP_API_URL: undefined };
    expect(mailchimpBaseUrl({ ...production, MAILCHIMP_SERVER_PREFIX: "us6" })).toBe("https://us6.api.mailchimp.com/3.0");
    expect(mailchimpBaseUrl({ ...production, MAILCHIMP_SERVER_PREFIX: "", MAILCHIMP_API_KEY: "0123abcd-us19" })).toBe(
      "https://us19.api.mailchimp.com/3.0",
    );
  });

  it("adds a member with PUT on the hashed address, Basic auth and the name as merge fields", async () => {
    const email = uniqueEmail("Jane.Doe");
    const member = await getMailchimp(appEnv).upsertMember(email, "Jane Q. Doe");
    const hash = md5(email.toLowerCase());
    expect(member).toMatchObject({
      id: hash,
      email_address: email,
      status: "subscribed",
      merge_fields: { FNAME: "Jane", LNAME: "Q. Doe" },
    });

    const [request] = await received("mailchimp", (r) => r.path === `/lists/local-list/members/${hash}`);
    expect(request).toMatchObject({
      method: "PUT",
      body: { email_address: email, status_if_new: "subscribed", merge_fields: { FNAME: "Jane", LNAME: "Q. Doe" } },
    });
    expect(request!.headers.authorization).toBe(`Basic ${btoa(`anystring:${appEnv.MAILCHIMP_API_KEY}`)}`);
    expect(request!.headers["content-type"]).toBe("application/json");
  });

  it("updates the name of an existing member without resubscribing them", async () => {
    const email = uniqueEmail("rename");
    const mailchimp = getMailchimp(appEnv);
    await mailchimp.upsertMember(email, "Old Name");
    const member = await mailchimp.upsertMember(email, "New Name");
    expect(member.merge_fields).toMatchObject({ FNAME: "New", LNAME: "Name" });
  });

  it("tags a member (204, no body) and the tag shows on the member", async () => {
    const email = uniqueEmail("tagged");
    const mailchimp = getMailchimp(appEnv);
    await mailchimp.upsertMember(email, "Tag Me");
    await expect(mailchimp.addTag(email, "free-requests-used")).resolves.toBeUndefined();

    const hash = md5(email);
    const [request] = await received("mailchimp", (r) => r.path === `/lists/local-list/members/${hash}/tags`);
    expect(request).toMatchObject({ method: "POST", body: { tags: [{ name: "free-requests-used", status: "active" }] } });
    expect((await mailchimp.getMember(email)).tags).toEqual([expect.objectContaining({ name: "free-requests-used" })]);
  });

  it("answers 404, worth retrying, when tagging someone who is not a member yet", async () => {
    const error = await getMailchimp(appEnv)
      .addTag(uniqueEmail("stranger"), "basic-plan")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailchimpError);
    expect(error).toMatchObject({ status: 404, problem: { title: "Resource Not Found" } });
  });

  it("refuses an address that looks fake with a permanent 400 whose message does not quote it", async () => {
    const email = uniqueEmail("fake", "example.invalid");
    const error = (await getMailchimp(appEnv)
      .upsertMember(email, "Fake Person")
      .catch((e: unknown) => e)) as MailchimpError;
    expect(error).toBeInstanceOf(MailchimpError);
    expect(error).toMatchObject({ status: 400, retryable: false, problem: { title: "Invalid Resource", status: 400 } });
    expect(error.problem.detail).toContain("looks fake or invalid");
    expect(error.problem.instance).toEqual(expect.any(String));
    expect(error.message).toBe("Mailchimp answered 400 Invalid Resource");
  });

  it("refuses a wrong API key with 401, not retried", async () => {
    const error = await getMailchimp({ ...appEnv, MAILCHIMP_API_KEY: "wrong-key-us1" })
      .upsertMember(uniqueEmail("auth"), "No Key")
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, retryable: false, problem: { title: "API Key Invalid" } });
  });

  it.each([429, 500, 503])("treats %i as worth retrying", async (status) => {
    const email = uniqueEmail(`fault${status}`);
    await fault({
      vendor: "mailchimp",
      path: `/lists/local-list/members/${md5(email)}`,
      status,
      body: { title: "Stand-in fault", status },
    });
    const error = await getMailchimp(appEnv)
      .upsertMember(email, "Unlucky Person")
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status, retryable: true });
  });

  it("names the missing setting when the list id is not configured", () => {
    expect(() => getMailchimp({ ...appEnv, MAILCHIMP_LIST_ID: undefined })).toThrow(/MAILCHIMP_LIST_ID is not set/);
  });
});

describe("the Mailchimp client: newsletter switch, address change and deletion", () => {
  const memberPath = (email: string) => `/lists/local-list/members/${md5(email.toLowerCase())}`;
  const requestsTo = (path: string) => received("mailchimp", (r) => r.path === path);

  /** As if the person had used the unsubscribe link in a Mailchimp campaign. */
  async function unsubscribeThroughMailchimp(email: string) {
    const response = await fetch(`${appEnv.MAILCHIMP_API_URL}${memberPath(email)}`, {
      method: "PUT",
      headers: { Authorization: `Basic ${btoa(`anystring:${appEnv.MAILCHIMP_API_KEY}`)}`, "Content-Type": "application/json" },
      body: JSON.stringify({ email_address: email, status: "unsubscribed", status_if_new: "unsubscribed" }),
    });
    expect(response.status).toBe(200);
  }

  it("subscribes with PUT, status and status_if_new subscribed, and the name as merge fields", async () => {
    const email = uniqueEmail("Newsletter.On");
    const member = await getMailchimp(appEnv).subscribeMember(email, "Nora Newsletter");
    expect(member).toMatchObject({ id: md5(email.toLowerCase()), email_address: email, status: "subscribed" });

    const requests = await requestsTo(memberPath(email));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "PUT",
      answeredStatus: 200,
      body: {
        email_address: email,
        status: "subscribed",
        status_if_new: "subscribed",
        merge_fields: { FNAME: "Nora", LNAME: "Newsletter" },
      },
    });
  });

  it("archives with DELETE (204): the member stays as archived, and subscribing brings them back", async () => {
    const email = uniqueEmail("archived");
    const mailchimp = getMailchimp(appEnv);
    await mailchimp.subscribeMember(email, "Arch Ived");

    expect(await mailchimp.archiveMember(email)).toBe("archived");
    const [archive] = await received("mailchimp", (r) => r.method === "DELETE" && r.path === memberPath(email));
    expect(archive).toMatchObject({ answeredStatus: 204, rawBody: "" });
    expect(await mailchimp.getMember(email)).toMatchObject({ email_address: email, status: "archived" });

    // A PUT with status_if_new alone leaves an archived member archived, as Mailchimp does.
    expect((await mailchimp.upsertMember(email, "Arch Ived")).status).toBe("archived");
    expect((await mailchimp.subscribeMember(email, "Arch Ived")).status).toBe("subscribed");
    expect((await mailchimp.getMember(email)).status).toBe("subscribed");
  });

  it("counts archiving someone who is not a member (404) as done", async () => {
    const email = uniqueEmail("never-joined");
    expect(await getMailchimp(appEnv).archiveMember(email)).toBe("not-a-member");
    const [request] = await requestsTo(memberPath(email));
    expect(request).toMatchObject({ method: "DELETE", answeredStatus: 404 });
  });

  it("counts archiving a member who is archived already (405) as done", async () => {
    const email = uniqueEmail("archived-twice");
    const mailchimp = getMailchimp(appEnv);
    await mailchimp.subscribeMember(email, "Twice Archived");
    expect(await mailchimp.archiveMember(email)).toBe("archived");
    expect(await mailchimp.archiveMember(email)).toBe("not-archivable");
    const deletes = await received("mailchimp", (r) => r.method === "DELETE" && r.path === memberPath(email));
    expect(deletes.map((r) => r.answeredStatus)).toEqual([204, 405]);
  });

  it("sets someone who unsubscribed through Mailchimp to pending, so that Mailchimp asks them to confirm", async () => {
    const email = uniqueEmail("opted-out");
    await unsubscribeThroughMailchimp(email);

    const member = await getMailchimp(appEnv).subscribeMember(email, "Opted Out");
    expect(member.status).toBe("pending");

    const puts = (await requestsTo(memberPath(email))).slice(1);
    expect(puts.map((r) => [r.method, (r.body as { status?: string }).status, r.answeredStatus])).toEqual([
      ["PUT", "subscribed", 400],
      ["PUT", "pending", 200],
    ]);
  });

  it("also sets them to pending when they had unsubscribed before being archived", async () => {
    const email = uniqueEmail("opted-out-archived");
    const mailchimp = getMailchimp(appEnv);
    await unsubscribeThroughMailchimp(email);
    expect(await mailchimp.archiveMember(email)).toBe("archived");
    expect((await mailchimp.subscribeMember(email, "Opted Out")).status).toBe("pending");
  });

  it("deletes a member permanently by hash (204), with no body and no address in the request", async () => {
    const email = uniqueEmail("forget-me");
    const mailchimp = getMailchimp(appEnv);
    await mailchimp.subscribeMember(email, "Forget Me");
    const hash = await subscriberHash(email);

    expect(await mailchimp.deleteMemberPermanently(hash)).toBe("deleted");
    const [request] = await requestsTo(`${memberPath(email)}/actions/delete-permanent`);
    expect(request).toMatchObject({ method: "POST", answeredStatus: 204, rawBody: "" });
    expect(JSON.stringify(request)).not.toContain(email);
    await expect(mailchimp.getMember(email)).rejects.toMatchObject({ status: 404 });
  });

  it("counts a permanent deletion of someone who is not a member (404) as done", async () => {
    const email = uniqueEmail("deleted-twice");
    const mailchimp = getMailchimp(appEnv);
    await mailchimp.subscribeMember(email, "Deleted Twice");
    const hash = await subscriberHash(email);
    expect(await mailchimp.deleteMemberPermanently(hash)).toBe("deleted");
    expect(await mailchimp.deleteMemberPermanently(hash)).toBe("not-a-member");
    const requests = await requestsTo(`${memberPath(email)}/actions/delete-permanent`);
    expect(requests.map((r) => r.answeredStatus)).toEqual([204, 404]);
  });

  it("refuses anything but a subscriber hash for a permanent deletion, sending nothing", async () => {
    const email = uniqueEmail("not-a-hash");
    await expect(getMailchimp(appEnv).deleteMemberPermanently(email)).rejects.toBeInstanceOf(TypeError);
    expect(await received("mailchimp", (r) => r.path.includes(encodeURIComponent(email)) || r.path.includes(email))).toEqual([]);
  });

  it("never takes a permanently deleted address back: a forgotten, permanent error without the address", async () => {
    const email = uniqueEmail("gone-for-good");
    const mailchimp = getMailchimp(appEnv);
    await mailchimp.subscribeMember(email, "Gone Forgood");
    await mailchimp.deleteMemberPermanently(await subscriberHash(email));

    const error = (await mailchimp.subscribeMember(email, "Gone Forgood").catch((e: unknown) => e)) as MailchimpError;
    expect(error).toBeInstanceOf(MailchimpError);
    expect(error).toMatchObject({
      status: 400,
      forgotten: true,
      inComplianceState: false,
      retryable: false,
      problem: { title: "Forgotten Email Not Subscribed", status: 400 },
    });
    expect(error.problem.detail).toContain("was permanently deleted and cannot be re-imported");
    expect(error.message).toBe("Mailchimp answered 400 Forgotten Email Not Subscribed");
    expect(error.message).not.toContain(email);
    // Not mistaken for compliance state: no second attempt as pending.
    const puts = await received("mailchimp", (r) => r.method === "PUT" && r.path === memberPath(email));
    expect(puts.map((r) => r.answeredStatus)).toEqual([200, 400]);
    await expect(mailchimp.upsertMember(email, "Gone Forgood")).rejects.toMatchObject({ forgotten: true });
  });

  it("changes a member's address with PATCH on the old hash; the member moves to the new address's hash", async () => {
    const oldEmail = uniqueEmail("old.address");
    const newEmail = uniqueEmail("New.Address");
    const mailchimp = getMailchimp(appEnv);
    await mailchimp.subscribeMember(oldEmail, "Mo Ving");
    await mailchimp.addTag(oldEmail, "basic-plan");

    expect(await mailchimp.changeMemberEmail(oldEmail, ` ${newEmail} `)).toBe("changed");
    const [request] = await received("mailchimp", (r) => r.method === "PATCH" && r.path === memberPath(oldEmail));
    expect(request).toMatchObject({ answeredStatus: 200, body: { email_address: newEmail } });

    expect(await mailchimp.getMember(newEmail)).toMatchObject({
      id: md5(newEmail.toLowerCase()),
      email_address: newEmail,
      status: "subscribed",
      merge_fields: { FNAME: "Mo", LNAME: "Ving" },
      tags: [expect.objectContaining({ name: "basic-plan" })],
    });
    await expect(mailchimp.getMember(oldEmail)).rejects.toMatchObject({ status: 404 });
  });

  it("answers not-a-member when the old address is not in the audience (404)", async () => {
    const oldEmail = uniqueEmail("unknown.old");
    expect(await getMailchimp(appEnv).changeMemberEmail(oldEmail, uniqueEmail("unknown.new"))).toBe("not-a-member");
    const [request] = await requestsTo(memberPath(oldEmail));
    expect(request).toMatchObject({ method: "PATCH", answeredStatus: 404 });
  });

  it("refuses to move a member onto another member's address (400), leaving both as they were", async () => {
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    const mailchimp = getMailchimp(appEnv);
    await mailchimp.subscribeMember(first, "First Person");
    await mailchimp.subscribeMember(second, "Second Person");

    const error = (await mailchimp.changeMemberEmail(first, second).catch((e: unknown) => e)) as MailchimpError;
    expect(error).toBeInstanceOf(MailchimpError);
    expect(error).toMatchObject({ status: 400, retryable: false, problem: { title: "Member Exists" } });
    expect(error.message).not.toContain(second);
    expect((await mailchimp.getMember(first)).merge_fields).toMatchObject({ FNAME: "First" });
    expect((await mailchimp.getMember(second)).merge_fields).toMatchObject({ FNAME: "Second" });
  });
});

describe("the Stripe client", () => {
  async function insertUser(overrides: Partial<typeof users.$inferInsert> = {}) {
    const id = crypto.randomUUID();
    const email = uniqueEmail("payer");
    await db.insert(users).values({
      id,
      email,
      passwordHash: "not-a-real-hash",
      fullName: "Pat Payer",
      street1: "1 Main St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      ...overrides,
    } as typeof users.$inferInsert);
    return { id, email, fullName: "Pat Payer", stripeCustomerId: (overrides.stripeCustomerId as string | null) ?? null };
  }

  const customerRequests = (userId: string) =>
    received("stripe", (r) => r.method === "POST" && r.path === "/v1/customers" && r.headers["idempotency-key"] === `customer-${userId}`);

  it("creates a customer through the SDK, form-encoded, with Bearer auth and an idempotency key", async () => {
    const user = await insertUser();
    const customerId = await ensureStripeCustomer(appEnv, db, user);
    expect(customerId).toMatch(/^cus_\w{14}$/);

    const [request] = await customerRequests(user.id);
    expect(request!.headers.authorization).toBe(`Bearer ${appEnv.STRIPE_SECRET_KEY}`);
    expect(request!.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(request!.body).toEqual({ name: "Pat Payer", email: user.email, "metadata[userId]": user.id });

    const customer = await getStripe(appEnv).customers.retrieve(customerId);
    expect(customer).toMatchObject({
      id: customerId,
      object: "customer",
      email: user.email,
      name: "Pat Payer",
      metadata: { userId: user.id },
      livemode: false,
    });
  });

  it("creates one customer for a user however often it is asked, and stores its id once", async () => {
    const user = await insertUser();
    const first = await ensureStripeCustomer(appEnv, db, user);
    const [stored] = await db.select({ stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.id, user.id));
    expect(stored!.stripeCustomerId).toBe(first);

    // Asked again with the user as now stored: nothing is sent to Stripe.
    expect(await ensureStripeCustomer(appEnv, db, { ...user, stripeCustomerId: first })).toBe(first);
    // Asked again with a stale copy of the user: Stripe replays the same customer for the same key.
    expect(await ensureStripeCustomer(appEnv, db, user)).toBe(first);
    const requests = await customerRequests(user.id);
    expect(requests).toHaveLength(2);
  });

  it("keeps the id another attempt stored first", async () => {
    const user = await insertUser();
    await db.update(users).set({ stripeCustomerId: "cus_storedFirst000" }).where(eq(users.id, user.id));
    // This attempt read the user before the other one stored its id.
    expect(await ensureStripeCustomer(appEnv, db, user)).toBe("cus_storedFirst000");
    const [stored] = await db.select({ stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.id, user.id));
    expect(stored!.stripeCustomerId).toBe("cus_storedFirst000");
  });

  it("answers the same customer for the same idempotency key, and refuses the key with other parameters", async () => {
    const stripe = getStripe(appEnv);
    const key = `test-${crypto.randomUUID()}`;
    const email = uniqueEmail("idempotent");
    const first = await stripe.customers.create({ email }, { idempotencyKey: key });
    const again = await stripe.customers.create({ email }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    await expect(stripe.customers.create({ email: uniqueEmail("other") }, { idempotencyKey: key })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it("refuses a wrong secret key with Stripe's 401", async () => {
    const error = await getStripe({ ...appEnv, STRIPE_SECRET_KEY: "sk_test_wrong_key_1234" } as AppEnv)
      .customers.create({ email: uniqueEmail("wrong-key") })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({
      statusCode: 401,
      rawType: "invalid_request_error",
      message: expect.stringMatching(/^Invalid API Key provided: sk_test_\*+1234$/),
    });
  });

  it("answers resource_missing for an unknown customer", async () => {
    await expect(getStripe(appEnv).customers.retrieve("cus_doesNotExist00")).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
  });
});

describe("the Stripe client: ending a subscription and deleting a customer", () => {
  const stripe = getStripe(appEnv);

  /** A customer who paid for Basic on the stand-in's Checkout page. */
  async function subscribedCustomer() {
    const customer = await stripe.customers.create({ email: uniqueEmail("subscriber") });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: appEnv.STRIPE_PRICE_BASIC!, quantity: 1 }],
      success_url: "https://quietmailbox.test/subscription?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://quietmailbox.test/subscription",
    });
    expect((await submitCheckout(session.url!, "pay")).status).toBe(303);
    const { subscription } = await stripe.checkout.sessions.retrieve(session.id);
    return { customerId: customer.id, subscriptionId: subscription as string };
  }

  const requestsFor = (method: string, path: string) => received("stripe", (r) => r.method === method && r.path === path);

  it("cancels a live subscription now with DELETE, after reading it, and Stripe announces it", async () => {
    const { customerId, subscriptionId } = await subscribedCustomer();
    const key = `cancel-${crypto.randomUUID()}`;
    expect(await cancelSubscriptionNow(appEnv, subscriptionId, { idempotencyKey: key })).toBe(true);

    const path = `/v1/subscriptions/${subscriptionId}`;
    const [read] = await requestsFor("GET", path);
    const [cancel] = await requestsFor("DELETE", path);
    expect(read!.answeredStatus).toBe(200);
    expect(cancel).toMatchObject({ answeredStatus: 200, rawBody: "", query: {} });
    expect(cancel!.headers["idempotency-key"]).toBe(key);
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: "canceled", ended_at: expect.any(Number) });
    expect((await stripeEvents(customerId, { type: "customer.subscription.deleted" })).map((e) => e.objectId)).toEqual([subscriptionId]);
  });

  it("does nothing for a subscription that has already ended", async () => {
    const { subscriptionId } = await subscribedCustomer();
    const key = `cancel-${crypto.randomUUID()}`;
    expect(await cancelSubscriptionNow(appEnv, subscriptionId, { idempotencyKey: key })).toBe(true);
    expect(await cancelSubscriptionNow(appEnv, subscriptionId, { idempotencyKey: key })).toBe(false);
    const path = `/v1/subscriptions/${subscriptionId}`;
    expect(await requestsFor("DELETE", path)).toHaveLength(1);
    expect(await requestsFor("GET", path)).toHaveLength(2);
  });

  it("counts a subscription Stripe does not know (resource_missing) as done", async () => {
    expect(await cancelSubscriptionNow(appEnv, "sub_doesNotExist00", { idempotencyKey: `cancel-${crypto.randomUUID()}` })).toBe(false);
    const [read] = await requestsFor("GET", "/v1/subscriptions/sub_doesNotExist00");
    expect(read!.answeredStatus).toBe(404);
    expect(await requestsFor("DELETE", "/v1/subscriptions/sub_doesNotExist00")).toEqual([]);
  });

  it("throws what Stripe refuses otherwise, worth retrying when it is Stripe's failure", async () => {
    const { subscriptionId } = await subscribedCustomer();
    const path = `/v1/subscriptions/${subscriptionId}`;
    // The read goes through; the DELETE, the second call to the path, fails.
    await fault({ vendor: "stripe", path, status: 500, every: 2, body: { error: { type: "api_error", message: "Stand-in fault" } } });
    const error = await cancelSubscriptionNow(appEnv, subscriptionId, { idempotencyKey: `cancel-${crypto.randomUUID()}` }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(error).toMatchObject({ statusCode: 500 });
    expect(isRetryableStripeError(error)).toBe(true);
    expect((await requestsFor("DELETE", path)).map((r) => r.answeredStatus)).toEqual([500]);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("active");
  });

  it("deletes a customer with DELETE, which ends their subscription, and answers it as deleted afterwards", async () => {
    const { customerId, subscriptionId } = await subscribedCustomer();
    const key = `delete-${crypto.randomUUID()}`;
    expect(await deleteCustomer(appEnv, customerId, { idempotencyKey: key })).toBe(true);

    const [request] = await requestsFor("DELETE", `/v1/customers/${customerId}`);
    expect(request).toMatchObject({ answeredStatus: 200, rawBody: "" });
    expect(request!.headers["idempotency-key"]).toBe(key);
    expect(await stripe.customers.retrieve(customerId)).toEqual({ id: customerId, object: "customer", deleted: true });
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: "canceled" });
    expect((await stripeEvents(customerId)).map((e) => [e.type, e.objectId])).toEqual([
      ["customer.subscription.created", subscriptionId],
      ["invoice.paid", expect.stringMatching(/^in_/)],
      ["checkout.session.completed", expect.stringMatching(/^cs_test_/)],
      ["customer.subscription.deleted", subscriptionId],
      ["customer.deleted", customerId],
    ]);
  });

  it("answers Stripe's deleted customer to the SDK, and resource_missing to a second DELETE, which counts as done", async () => {
    const customer = await stripe.customers.create({ email: uniqueEmail("no-subscription") });
    expect(await stripe.customers.del(customer.id)).toEqual({ id: customer.id, object: "customer", deleted: true });
    await expect(stripe.customers.del(customer.id)).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });

    expect(await deleteCustomer(appEnv, customer.id, { idempotencyKey: `delete-${crypto.randomUUID()}` })).toBe(false);
    const deletes = await requestsFor("DELETE", `/v1/customers/${customer.id}`);
    expect(deletes.map((r) => r.answeredStatus)).toEqual([200, 404, 404]);
    expect((await stripeEvents(customer.id, { type: "customer.deleted" })).map((e) => e.objectId)).toEqual([customer.id]);
  });

  it("refuses a Checkout Session or a portal session for a deleted customer (resource_missing)", async () => {
    const customer = await stripe.customers.create({ email: uniqueEmail("deleted-checkout") });
    await deleteCustomer(appEnv, customer.id, { idempotencyKey: `delete-${crypto.randomUUID()}` });
    await expect(
      stripe.checkout.sessions.create({
        mode: "subscription",
        customer: customer.id,
        line_items: [{ price: appEnv.STRIPE_PRICE_BASIC!, quantity: 1 }],
        success_url: "https://quietmailbox.test/subscription",
        cancel_url: "https://quietmailbox.test/subscription",
      }),
    ).rejects.toMatchObject({ code: "resource_missing", param: "customer", message: `No such customer: '${customer.id}'` });
    await expect(
      stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "https://quietmailbox.test/subscription" }),
    ).rejects.toMatchObject({ code: "resource_missing", param: "customer" });
  });
});

describe("the email client (Postmark)", () => {
  const sentTo = (to: string) => received("email", (r) => (r.body as { To?: string } | null)?.To === to);

  it("sends on the transactional stream with the server token, JSON headers and one-click unsubscribe", async () => {
    const to = uniqueEmail("reader");
    const sent = await sendEmail(appEnv, {
      to,
      subject: "Your opt-out letters went out",
      text: "Plain text",
      html: "<p>HTML</p>",
      replyTo: "help@quietmailbox.local",
      tag: "letters-sent",
      headers: { "X-Entity-Ref-ID": "abc" },
      listUnsubscribe: "https://quietmailbox.local/unsubscribe?token=t1",
    });
    expect(sent.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(sent.submittedAt))).toBe(false);

    const [request] = await sentTo(to);
    expect(request).toMatchObject({ method: "POST", path: "/email" });
    expect(request!.headers).toMatchObject({
      "x-postmark-server-token": appEnv.EMAIL_API_KEY,
      accept: "application/json",
      "content-type": "application/json",
    });
    expect(request!.body).toEqual({
      From: appEnv.EMAIL_FROM,
      To: to,
      Subject: "Your opt-out letters went out",
      TextBody: "Plain text",
      HtmlBody: "<p>HTML</p>",
      ReplyTo: "help@quietmailbox.local",
      Tag: "letters-sent",
      Headers: [
        { Name: "X-Entity-Ref-ID", Value: "abc" },
        { Name: "List-Unsubscribe", Value: "<https://quietmailbox.local/unsubscribe?token=t1>" },
        { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
      ],
      MessageStream: "outbound",
    });
  });

  it("leaves optional fields out of a plain message", async () => {
    const to = uniqueEmail("plain");
    await sendEmail(appEnv, { to, subject: "Hello", text: "Hi" });
    const [request] = await sentTo(to);
    expect(request!.body).toEqual({
      From: appEnv.EMAIL_FROM,
      To: to,
      Subject: "Hello",
      TextBody: "Hi",
      Headers: [],
      MessageStream: "outbound",
    });
  });

  it("reports an inactive recipient (422, ErrorCode 406) as permanent, without the address in the message", async () => {
    const to = uniqueEmail("bounced", "example.invalid");
    const error = (await sendEmail(appEnv, { to, subject: "Hello", text: "Hi" }).catch((e: unknown) => e)) as EmailError;
    expect(error).toBeInstanceOf(EmailError);
    expect(error).toMatchObject({ status: 422, errorCode: 406, retryable: false });
    expect(error.providerMessage).toContain(to);
    expect(error.message).toBe("Postmark answered 422, error code 406 (inactive recipient)");
  });

  it("reports a wrong server token (401, ErrorCode 10) as permanent", async () => {
    const error = await sendEmail(
      { ...appEnv, EMAIL_API_KEY: "wrong-token" },
      { to: uniqueEmail("token"), subject: "Hello", text: "Hi" },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, errorCode: 10, retryable: false });
  });

  it.each([429, 500])("treats %i as worth retrying", async (status) => {
    await fault({
      vendor: "email",
      path: "/email",
      status,
      ...(status === 429 ? { body: { ErrorCode: 429, Message: "Rate limit exceeded." } } : {}),
    });
    const error = await sendEmail(appEnv, { to: uniqueEmail(`fault${status}`), subject: "Hello", text: "Hi" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status, retryable: true });
  });
});

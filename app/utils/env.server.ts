import { z } from "zod";
import { HOME_BINDING_NAME } from "~/utils/db.server";

const binding = <T>(name: string) =>
  z.custom<T>((value) => value != null && typeof value === "object", {
    message: `The ${name} binding is missing: check wrangler.toml.`,
  });

const secret = (name: string) =>
  z
    .string({ message: `The secret ${name} is not set: run \`wrangler secret put ${name}\`.` })
    .min(16, `The secret ${name} is too short: use at least 16 random characters.`);

/** A vendor credential: optional here, and the code that needs it says which one is missing. */
const optionalSecret = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

const userIdList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean),
  );

const EnvSchema = z
  .object({
    APP_ENV: z.enum(["development", "test", "production"]).default("production"),
    DB: binding<D1Database>("DB"),
    SESSIONS: binding<KVNamespace>("SESSIONS"),
    JOBS: binding<Queue>("JOBS"),
    /** Reading photos and digest pieces: its own queue, so nothing else waits behind the text reader (decision 0065). */
    READING: binding<Queue>("READING"),
    ASSETS: binding<Fetcher>("ASSETS").optional(),
    PHOTOS: binding<R2Bucket>("PHOTOS"),
    SESSION_SECRET: secret("SESSION_SECRET"),
    BLOG_URL: z.string().min(1).default("/path/"),
    /** Where the site is reached: links in emails sent from the queue and the cron, which have no request. */
    APP_ORIGIN: z.string().url().default("https://quietmailbox.com"),
    /**
     * The first queue retry waits this long, doubling each time up to an hour (docs/decisions/0003).
     * Tests set 0 so that a run through every retry takes seconds.
     */
    JOB_RETRY_BASE_SECONDS: z.coerce.number().int().min(0).default(30),
    /**
     * The sweep cron sends a job again once the queue has held it this long past its turn (decision
     * 0038). The queue bench shortens it, as it shortens the retry delays.
     */
    JOB_SWEEP_AFTER_SECONDS: z.coerce.number().int().min(1).default(600),
    /**
     * How long an isolate keeps the home page's testimonials before reading D1 again (decision 0026).
     * Tests set 0, so that a row changed in D1 shows at once.
     */
    HOME_TESTIMONIALS_CACHE_SECONDS: z.coerce.number().int().min(0).default(300),
    /**
     * How long a public page (home, learn, privacy, terms, sitemap) is answered from the cache before
     * it is rendered again (decision 0035); 0 renders every time. Tests set 0, except those of the cache.
     */
    PUBLIC_PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).default(60),
    /** The deployed version (wrangler.toml's [version_metadata]): a new one starts the page cache afresh. */
    CF_VERSION_METADATA: binding<WorkerVersionMetadata>("CF_VERSION_METADATA").optional(),

    // Product rules: Roles: staff are identified by user ids from configuration, per environment.
    ADMIN_USER_IDS: userIdList,
    MODERATOR_USER_IDS: userIdList,

    // Address verification (Lob US verifications). Without a key the offline verifier is used.
    LOB_API_KEY: optionalSecret,
    LOB_API_URL: z.string().url().default("https://api.lob.com/v1"),
    /**
     * Signs Lob's webhook events to /api/webhooks/lob (the webhook's secret in Lob's dashboard). With
     * LOB_API_KEY, letters to postal senders go through Lob's Print & Mail API (decision 0052).
     */
    LOB_WEBHOOK_SECRET: optionalSecret,
    /** What one letter costs, in cents, when Lob's answer gives no price: the account's edition's price. */
    LOB_LETTER_PRICE_CENTS: z.coerce.number().int().min(0).default(90),

    // Newsletter (Mailchimp Marketing API). The URL defaults to https://<server prefix>.api.mailchimp.com/3.0.
    MAILCHIMP_API_KEY: optionalSecret,
    MAILCHIMP_SERVER_PREFIX: z.string().optional(),
    MAILCHIMP_LIST_ID: z.string().optional(),
    MAILCHIMP_API_URL: z.string().url().optional(),

    // Payments (Stripe SDK). The URL's host, port and protocol go to the SDK.
    STRIPE_SECRET_KEY: optionalSecret,
    STRIPE_API_URL: z.string().url().default("https://api.stripe.com"),
    /** Signs the events Stripe posts to /api/webhooks/stripe (the endpoint's "whsec_" secret). */
    STRIPE_WEBHOOK_SECRET: optionalSecret,
    // Price ids of the plans (docs/decisions/0015): test and live mode have different ones.
    STRIPE_PRICE_BASIC: z.string().optional(),
    STRIPE_PRICE_PREMIUM: z.string().optional(),
    /** Where Checkout and the customer portal live: the pages' form posts may be redirected there (CSP form-action). */
    STRIPE_HOSTED_ORIGINS: z.string().default("https://checkout.stripe.com https://billing.stripe.com"),

    // Transactional email (Postmark).
    EMAIL_API_KEY: optionalSecret,
    /**
     * The user name and password of Postmark's webhook for deliveries, bounces and spam complaints,
     * /api/webhooks/postmark (put in the webhook's URL as https://<user>:<password>@...; decision 0053).
     */
    POSTMARK_WEBHOOK_USER: optionalSecret,
    POSTMARK_WEBHOOK_PASSWORD: optionalSecret,
    EMAIL_API_URL: z.string().url().default("https://api.postmarkapp.com"),
    EMAIL_FROM: z.string().default("Quiet Mailbox <hello@quietmailbox.com>"),
    /** Where staff notifications (new users) go. */
    STAFF_EMAIL: z.string().email().default("staff@quietmailbox.com"),
    /**
     * The domain whose mail Cloudflare Email Routing hands to the Worker's email handler: each
     * request emailed to a sender replies to reply+<token>@ this domain.
     */
    REPLY_DOMAIN: z.string().min(3).default("replies.quietmailbox.com"),
    /**
     * The domain of each person's own sending address, the From of their requests by email
     * (decision 0066): a domain verified in Postmark, with its DKIM record and a custom Return-Path,
     * so that the message aligns for DMARC.
     */
    PERSON_SENDING_DOMAIN: z.string().min(3).default("requests.quietmailbox.com"),
    /**
     * The domain of each account's private inbound address, <token>@ this domain (decision 0055),
     * also routed to the Worker's email handler by Cloudflare Email Routing.
     */
    MAILBOX_DOMAIN: z.string().min(3).default("mailbox.quietmailbox.com"),
    /**
     * DNS over HTTPS (JSON format) for the public keys of DKIM signatures on inbound mail (decision
     * 0063): Cloudflare's resolver in production, the stand-in locally.
     */
    DNS_OVER_HTTPS_URL: z.string().url().default("https://cloudflare-dns.com/dns-query"),

    // Reading photos of mail (decisions 0030 and 0057): our own text reader, as a Cloudflare Container
    // in production (TEXT_READER) or at a URL (TEXT_READER_URL: npm start, the tests); else Workers
    // AI's vision model when its token is set; else every photo goes to staff.
    TEXT_READER: binding<DurableObjectNamespace>("TEXT_READER").optional(),
    TEXT_READER_URL: z
      .string()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(z.string().url().optional()),
    WORKERS_AI_API_TOKEN: optionalSecret,
    WORKERS_AI_ACCOUNT_ID: z.string().optional(),
    WORKERS_AI_API_URL: z.string().url().default("https://api.cloudflare.com/client/v4"),
    WORKERS_AI_VISION_MODEL: z.string().default("@cf/meta/llama-3.2-11b-vision-instruct"),
    /** Photos one account may send in a day (decision 0030). */
    PHOTO_DAILY_LIMIT: z.coerce.number().int().min(1).default(20),
    /**
     * "off" stops the follow-up ladder's own steps (decision 0058): a piece seen after the mail
     * should have stopped only marks the request, and the daily cron takes no step.
     */
    FOLLOW_UP_LADDER: z.enum(["on", "off"]).default("on"),
  })
  .superRefine((env, context) => {
    // Lob never prints or mails a letter made with a test key, and sends no tracking for it: in
    // production such a key would record letters as mailed that never leave (decision 0052).
    if (env.APP_ENV === "production" && env.LOB_API_KEY?.startsWith("test_")) {
      context.addIssue({
        code: "custom",
        path: ["LOB_API_KEY"],
        message:
          "The secret LOB_API_KEY is a Lob test key (test_...): Lob never mails test letters. Set the live key with `wrangler secret put LOB_API_KEY --env production`.",
      });
    }
  });

export type AppEnv = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration error: ${problems.join(" ")}`);
    this.name = "EnvError";
  }
}

/** Validates the Worker's bindings and vars; called once per request, never at module load. */
/** The runtime hands every request of an isolate the same env object: it is read once. */
const parsedEnvs = new WeakMap<object, AppEnv>();

export function parseEnv(raw: unknown): AppEnv {
  const known = typeof raw === "object" && raw !== null ? parsedEnvs.get(raw) : undefined;
  if (known) return known;
  const result = EnvSchema.safeParse(raw);
  if (!result.success) throw new EnvError(result.error.issues.map((issue) => issue.message));
  if (typeof raw === "object" && raw !== null) {
    // The databases of further homes (decision 0082) are named by number, so the schema cannot list them.
    for (const [name, value] of Object.entries(raw)) if (HOME_BINDING_NAME.test(name)) Object.assign(result.data, { [name]: value });
    parsedEnvs.set(raw, result.data);
  }
  return result.data;
}

/** For code that needs a vendor credential: names the missing setting instead of failing vaguely. */
export function requireSetting<Env extends Partial<AppEnv>, Key extends keyof Env>(env: Env, key: Key): NonNullable<Env[Key]> {
  const value = env[key];
  if (value === undefined || value === null || value === "") {
    throw new EnvError([`The setting ${String(key)} is not set: run \`wrangler secret put ${String(key)}\`.`]);
  }
  return value as NonNullable<Env[Key]>;
}

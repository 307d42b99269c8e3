import { z } from "zod";

const binding = <T>(name: string) =>
  z.custom<T>((value) => value != null && typeof value === "object", {
    message: `The ${name} binding is missing: check wrangler.toml.`,
  });

const secret = (name: string) =>
  z
    .string({ message: `The secret ${name} is not set: run \`wrangler secret put ${name}\`.` })
    .min(16, `The secret ${name} is too short: use at least 16 random characters.`);

export const EnvSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("production"),
  DB: binding<D1Database>("DB"),
  SESSIONS: binding<KVNamespace>("SESSIONS"),
  JOBS: binding<Queue>("JOBS"),
  ASSETS: binding<Fetcher>("ASSETS").optional(),
  SESSION_SECRET: secret("SESSION_SECRET"),
  BLOG_URL: z.string().min(1).default("/path/"),
});

export type AppEnv = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration error: ${problems.join(" ")}`);
    this.name = "EnvError";
  }
}

/** Validates the Worker's bindings and vars; called once per request, never at module load. */
export function parseEnv(raw: unknown): AppEnv {
  const result = EnvSchema.safeParse(raw);
  if (result.success) return result.data;
  throw new EnvError(result.error.issues.map((issue) => issue.message));
}

import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/cloudflare";
// The server build exists once `npm run build` has run; wrangler bundles it from there.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- @ts-expect-error would fail once the build exists
// @ts-ignore -- absent on a fresh clone until the build, so the type check must not depend on it
import * as build from "../build/server/index.js";
import { consumeDeadLetters, consumeJobs } from "~/jobs/consumer.server";
import { runScheduledTasks } from "~/jobs/scheduled.server";
import { receiveSenderReply } from "~/jobs/sender-replies.server";
import { EnvError, parseEnv } from "~/utils/env.server";
import { renderConfigurationErrorPage } from "~/utils/error-page.server";
import { guardRequest } from "~/utils/request-guards.server";
import { withSessionHeaders } from "~/utils/response-headers.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

const DEAD_LETTER_QUEUE_SUFFIX = "-dead";

export default {
  async fetch(request, rawEnv, ctx) {
    let env;
    try {
      env = parseEnv(rawEnv);
    } catch (error) {
      if (error instanceof EnvError) {
        console.error(error.message);
        return renderConfigurationErrorPage(error.problems);
      }
      throw error;
    }
    const guarded = await guardRequest(request);
    if (guarded instanceof Response) return guarded;
    const context: AppLoadContext = { env, ctx };
    const response = await handleRemixRequest(guarded, context);
    return withSessionHeaders(guarded, response, { env, clearSessionCookie: context.clearSessionCookie === true });
  },

  async queue(batch, rawEnv) {
    const env = parseEnv(rawEnv);
    if (batch.queue.endsWith(DEAD_LETTER_QUEUE_SUFFIX)) {
      await consumeDeadLetters(batch, env);
    } else {
      await consumeJobs(batch, env);
    }
  },

  async scheduled(controller, rawEnv, ctx) {
    const env = parseEnv(rawEnv);
    ctx.waitUntil(runScheduledTasks(controller, env));
  },

  // Mail to the reply domain (Cloudflare Email Routing): senders' answers to requests.
  async email(message, rawEnv) {
    await receiveSenderReply(message, parseEnv(rawEnv));
  },
} satisfies ExportedHandler;

import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/cloudflare";
// The server build exists once `npm run build` has run; wrangler bundles it from there.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- @ts-expect-error would fail once the build exists
// @ts-ignore -- absent on a fresh clone until the build, so the type check must not depend on it
import * as build from "../build/server/index.js";
import { consumeDeadLetters, consumeJobs } from "~/jobs/consumer.server";
import { runScheduledTasks } from "~/jobs/scheduled.server";
import { receiveSenderReply } from "~/jobs/sender-replies.server";
import { PublicPageCache } from "~/services/public-pages.server";
import { EnvError, parseEnv, type AppEnv } from "~/utils/env.server";
import { renderConfigurationErrorPage } from "~/utils/error-page.server";
import { guardRequest } from "~/utils/request-guards.server";
import { withSessionHeaders } from "~/utils/response-headers.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

const DEAD_LETTER_QUEUE_SUFFIX = "-dead";

/** Changes with every build, and with every deployed version where the version metadata is bound. */
function releaseOf(env: AppEnv) {
  const versionId = env.CF_VERSION_METADATA?.id;
  return versionId ? `${build.assets.version}.${versionId}` : build.assets.version;
}

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
    const publicPages = new PublicPageCache({ release: releaseOf(env), maxAgeSeconds: env.PUBLIC_PAGE_CACHE_SECONDS });
    const context: AppLoadContext = { env, ctx, publicPages };
    const response = await publicPages.serve(guarded, context, () => handleRemixRequest(guarded, context));
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

// The Worker's handlers: fetch around Remix, and the queue, cron and email handlers. They reach
// app/worker.ts through the server build (entry.server re-exports them), so the Worker runs one
// copy of every module: the one Remix uses too, with its state (the public page cache, the
// request id of the log lines) shared.
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/cloudflare";
import { consumeDeadLetters, consumeJobs, READING_AT_ONCE } from "~/jobs/consumer.server";
import { runScheduledTasks } from "~/jobs/scheduled.server";
import { receiveSenderReply, refuseMailToSendingAddress } from "~/services/sender-replies.server";
import { receiveMailboxEmail } from "~/services/inbound-mailbox.server";
import { isAddressAt } from "~/domain/mailbox";
import { PublicPageCache } from "~/services/public-pages.server";
import { EnvError, parseEnv, type AppEnv } from "~/utils/env.server";
import { renderConfigurationErrorPage } from "~/utils/error-page.server";
import { log, REQUEST_ID_HEADER, requestIdOf, withRequestId } from "~/utils/log.server";
import { guardRequest } from "~/utils/request-guards.server";
import { withSessionHeaders } from "~/utils/response-headers.server";
import { sessionCookieUnreadable } from "~/utils/session.server";

const DEAD_LETTER_QUEUE_SUFFIX = "-dead";
/** The queue of photo and digest readings (decision 0065), with its own consumer. */
const READING_QUEUE_SUFFIX = "-reading";

export function createWorkerHandlers(build: ServerBuild) {
  const handleRemixRequest = createRequestHandler(build);

  /** Changes with every build, and with every deployed version where the version metadata is bound. */
  function releaseOf(env: AppEnv) {
    const versionId = env.CF_VERSION_METADATA?.id;
    return versionId ? `${build.assets.version}.${versionId}` : build.assets.version;
  }

  async function answer(request: Request, rawEnv: unknown, ctx: ExecutionContext): Promise<Response> {
    let env;
    try {
      env = parseEnv(rawEnv);
    } catch (error) {
      if (error instanceof EnvError) {
        log.error(error.message);
        return renderConfigurationErrorPage(error.problems);
      }
      throw error;
    }
    const guarded = await guardRequest(request);
    if (guarded instanceof Response) return guarded;
    const publicPages = new PublicPageCache({ release: releaseOf(env), maxAgeSeconds: env.PUBLIC_PAGE_CACHE_SECONDS });
    const context: AppLoadContext = { env, ctx, publicPages };
    const response = await publicPages.serve(guarded, context, () => handleRemixRequest(guarded, context));
    return withSessionHeaders(guarded, response, { env, clearSessionCookie: sessionCookieUnreadable(context) });
  }

  return {
    async fetch(request, rawEnv, ctx) {
      const requestId = requestIdOf(request);
      const response = await withRequestId(requestId, () => answer(request, rawEnv, ctx));
      // Every answer is one this code built (withSessionHeaders, a refusal, the configuration
      // page), so its headers can take the id without copying the response once more.
      response.headers.set(REQUEST_ID_HEADER, requestId);
      return response;
    },

    async queue(batch, rawEnv) {
      const env = parseEnv(rawEnv);
      // By the queue's name: the dead letters of both queues, the readings, everything else.
      if (batch.queue.endsWith(DEAD_LETTER_QUEUE_SUFFIX)) {
        await consumeDeadLetters(batch, env);
      } else if (batch.queue.endsWith(READING_QUEUE_SUFFIX)) {
        await consumeJobs(batch, env, { atOnce: READING_AT_ONCE });
      } else {
        await consumeJobs(batch, env);
      }
    },

    async scheduled(controller, rawEnv, ctx) {
      const env = parseEnv(rawEnv);
      ctx.waitUntil(runScheduledTasks(controller, env));
    },

    // Mail Cloudflare Email Routing hands the Worker, by the recipient's domain: the inbound
    // addresses' (decision 0055); the people's sending addresses', which send only (decision 0066);
    // else the reply domain's, senders' answers to requests, which rejects any address that is not
    // one of its own.
    async email(message, rawEnv) {
      const env = parseEnv(rawEnv);
      if (isAddressAt(message.to, env.MAILBOX_DOMAIN)) await receiveMailboxEmail(message, env);
      else if (isAddressAt(message.to, env.PERSON_SENDING_DOMAIN)) refuseMailToSendingAddress(message);
      else await receiveSenderReply(message, env);
    },
  } satisfies ExportedHandler;
}

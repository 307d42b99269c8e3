import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      SESSIONS: KVNamespace;
      JOBS: Queue;
      READING: Queue;
      PHOTOS: R2Bucket;
      ASSETS: Fetcher;
      APP_ENV: string;
      SESSION_SECRET: string;
      BLOG_URL: string;
      /** This test file's stand-in server (test/vitest.workers.config.ts). */
      STAND_INS_URL: string;
      ADMIN_USER_IDS: string;
      MODERATOR_USER_IDS: string;
      TEST_MIGRATIONS: D1Migration[];
      /** A second users' database for the tests of homes (decision 0082). */
      SECOND_HOME: D1Database;
    }
  }
}

export {};

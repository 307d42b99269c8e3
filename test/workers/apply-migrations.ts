import { applyD1Migrations, env } from "cloudflare:test";

// Every test file starts from the schema in migrations/ (isolated storage per file).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // One throwaway PostgreSQL server for the whole run (skipped, with a line saying why, without PostgreSQL).
    globalSetup: ["test/store/postgres-global-setup.ts"],
    // Hermetic: a .env in the checkout (say, copied from .env.example) changes no test. The bot
    // processes the tests start inherit this, so they read no .env either (see src/env.ts).
    env: { ENV_FILE: "none" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

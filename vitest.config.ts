import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // One throwaway PostgreSQL server for the whole run (skipped, with a line saying why, without PostgreSQL).
    globalSetup: ["test/store/postgres-global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

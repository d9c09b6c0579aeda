/**
 * Prisma 6.19 on the JS engine with the better-sqlite3 driver adapter: no engine binary is
 * downloaded. prisma.config.ts does not read .env by itself, hence dotenv; and DATABASE_URL gets
 * a default so every prisma command (npm ci's postinstall included) resolves the datasource.
 */
import "dotenv/config";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";

export const DEFAULT_DATABASE_URL = "file:./data/hearts.db";
process.env.DATABASE_URL ||= DEFAULT_DATABASE_URL;
const url = process.env.DATABASE_URL;
if (url.startsWith("file:")) mkdirSync(dirname(url.slice("file:".length)), { recursive: true });

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  async adapter() {
    return new PrismaBetterSQLite3({ url });
  },
});

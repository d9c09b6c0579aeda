/**
 * The Prisma CLI for the PostgreSQL schema: `npx prisma <command> --config prisma/postgres/prisma.config.ts`.
 * JS engine with the pg driver adapter (no engine binary is downloaded). When DATABASE_URL is not a
 * PostgreSQL URL (the SQLite default, or unset), it is replaced by a placeholder for this command
 * only: `prisma generate` never connects, but the schema's url must resolve (else the CLI tries to
 * download an engine). Other commands connect to DATABASE_URL (see schema.prisma for migrations).
 */
import "../../src/load-env.js";
import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";

const isPostgres = (url: string | undefined) => !!url && /^postgres(ql)?:\/\//.test(url);
if (!isPostgres(process.env.DATABASE_URL)) process.env.DATABASE_URL = "postgresql://localhost:5432/hearts";
const connectionString = process.env.DATABASE_URL;

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "schema.prisma",
  async adapter() {
    return new PrismaPg({ connectionString });
  },
});

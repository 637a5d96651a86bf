import path from "node:path";
import { defineConfig } from "prisma/config";
import { DEVELOPMENT_DATABASE_URL } from "../packages/shared/src/development-urls";

// The URL is only needed by commands that talk to the database; `prisma generate`
// must work without one (it runs on `npm ci`). Unset, it is the one the app uses outside production.
const url = process.env.DATABASE_URL ?? DEVELOPMENT_DATABASE_URL;

export default defineConfig({
  schema: path.join(import.meta.dirname, "schema.prisma"),
  migrations: { path: path.join(import.meta.dirname, "migrations") },
  datasource: { url },
});

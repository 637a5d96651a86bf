import path from "node:path";
import { defineConfig } from "prisma/config";

// The URL is only needed by commands that talk to the database; `prisma generate`
// must work without one (it runs on `npm ci`).
const url = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/bayou_current";

export default defineConfig({
  schema: path.join(import.meta.dirname, "schema.prisma"),
  migrations: { path: path.join(import.meta.dirname, "migrations") },
  datasource: { url },
});

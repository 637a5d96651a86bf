// Runs `prisma generate` without the native schema engine, which cannot be
// downloaded on every machine: generate never executes it, it only checks that
// the configured path exists (see docs/decisions/002-migrations-without-the-schema-engine.md).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(root, "package.json"));
let prismaCli;
try {
  prismaCli = require.resolve("prisma/build/index.js");
} catch {
  console.log("prisma CLI not installed yet; skipping client generation");
  process.exit(0);
}
const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}
env.PRISMA_HIDE_UPDATE_MESSAGE = "1";
env.CHECKPOINT_DISABLE = "1";
execFileSync(process.execPath, [prismaCli, "generate", "--config", join(root, "prisma/prisma.config.ts")], {
  cwd: root,
  env,
  stdio: "inherit",
});

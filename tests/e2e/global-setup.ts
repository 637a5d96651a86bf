import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import testGlobalSetup from "../global-setup";
import { startPushStandin } from "../support/push-standin";
import { startStack } from "../support/stack";

/** One running system for the whole browser suite; tests reach it through E2E_* variables. */
export default async function globalSetup(_config: FullConfig) {
  const teardownServices = await testGlobalSetup();
  // Replies type themselves out at a pace a person could see (pieces 25 ms apart), so the browser tests can watch them stream.
  // push.spec's fake subscriptions point at 127.0.0.1:9 (nothing listens there): a push service host for this stack only.
  // The push stand-in is one too (the worker trusts its certificate): tests read what it received (E2E_PUSH_*).
  const push = await startPushStandin();
  // Job photos (job-record.spec) go to a folder of this run's own.
  const uploads = await mkdtemp(path.join(tmpdir(), "e2e-uploads-"));
  // Online payment against the Stripe stand-in (estimates.spec pays a deposit on its hosted page).
  // Texts against the Twilio stand-in (docs/product.md#texts): the consent boxes show, and texts.spec reads what was sent.
  const stack = await startStack({
    name: "e2e",
    stripe: true,
    twilio: true,
    env: {
      CHAT_STREAM_DELAY_MS: "25",
      PUSH_SERVICE_HOSTS: `127.0.0.1:9,127.0.0.1:${new URL(push.origin).port}`,
      NODE_EXTRA_CA_CERTS: push.caFile,
      UPLOADS_DIR: uploads,
    },
  });
  process.env.E2E_PUSH_ORIGIN = push.origin;
  process.env.E2E_PUSH_CA = push.ca;
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_DATABASE_URL = stack.databaseUrl;
  process.env.E2E_MAIL_URL = stack.mail.url;
  process.env.E2E_STRIPE_URL = stack.stripe!.url;
  process.env.E2E_TWILIO_URL = stack.twilio!.url;
  process.env.E2E_REDIS_PREFIX = stack.redisPrefix;
  return async () => {
    await stack.stop();
    await push.close();
    await rm(uploads, { recursive: true, force: true });
    await teardownServices();
  };
}

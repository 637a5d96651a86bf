/**
 * Production refuses unsafe configuration (docs/security.md): the built web and
 * worker exit, naming the variable, on a secret published in the repository;
 * and the seed creates the admin once, never changing it on later deploys.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@app/shared/env.server";
import { hashPassword, verifyPassword } from "@app/shared/password.server";
import { addLocalDays, businessDate, requireBusinessInstant } from "@app/shared/time";
import { SAMPLE_TECHNICIAN_EMAIL, seed } from "../../prisma/seed";
import { runId } from "../support/database";
import { freePort, ROOT, startProcess } from "../support/processes";
import { deleteRedisPrefix, productionEnv } from "../support/stack";
import { useClonedDatabase } from "../support/test-database";

const db = useClonedDatabase("seed");

/** Starts a built process; reports whether it came up or exited, and what it printed. */
async function startOrRefuse(name: string, script: string, env: Record<string, string>) {
  const proc = startProcess(name, path.join(ROOT, script), env);
  const started = await proc.waitForOutput(/web listening|worker started/).then(
    () => true,
    () => false,
  );
  await proc.kill("SIGKILL");
  return { started, code: proc.child.exitCode, output: proc.output() };
}

describe("a production process with a secret published in the repository", () => {
  it.each([
    ["web", "SESSION_SECRET", "web/build/server.js", "replace-with-a-long-random-string"],
    ["worker", "ADMIN_PASSWORD", "worker/dist/index.js", "change-me-please"],
  ])("%s refuses to start and names %s", async (label, key, script, published) => {
    const prefix = `bcetest-config-${runId()}`;
    const env = {
      ...productionEnv(),
      PORT: String(await freePort()),
      APP_URL: "https://www.example.com",
      DATABASE_URL: process.env.TEST_PG_URL!,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_PREFIX: prefix,
      ADMIN_EMAIL: "owner@example.com",
      LOG_LEVEL: "info",
      [key]: published,
    };
    try {
      const result = await startOrRefuse(`config-${label}-${prefix}`, script, env);
      expect(result.started, result.output).toBe(false);
      expect(result.code).toBe(1);
      expect(result.output).toMatch(new RegExp(`^\\s+- ${key}: .*published`, "m"));
      expect(result.output).not.toContain(published);
    } finally {
      await deleteRedisPrefix(process.env.TEST_REDIS_URL!, prefix);
    }
  });
});

describe("the seed", () => {
  it("creates the admin only when no account has that email, and never changes an existing account", async () => {
    const source = {
      NODE_ENV: "production",
      APP_URL: "https://www.example.com",
      ...productionEnv(),
      DATABASE_URL: "postgresql://unused@127.0.0.1/x",
      REDIS_URL: "redis://127.0.0.1:1",
    };
    const email = "owner@example.com";
    const first = parseEnv({ ...source, ADMIN_EMAIL: "Owner@Example.com", ADMIN_PASSWORD: "first-deploy-password" });
    const log: string[] = [];
    await seed(db(), first, (line) => log.push(line));
    const created = await db().user.findUniqueOrThrow({ where: { email } });
    expect(created).toMatchObject({ role: "admin", isActive: true });
    expect(await verifyPassword(created.passwordHash, "first-deploy-password")).toBe(true);

    // Staff change the account: a new password, another role, deactivated.
    const staffHash = await hashPassword("chosen-by-the-owner");
    await db().user.update({
      where: { id: created.id },
      data: { passwordHash: staffHash, role: "technician", isActive: false },
    });

    // The next deploy, with another ADMIN_PASSWORD in its environment.
    log.length = 0;
    await seed(db(), parseEnv({ ...source, ADMIN_EMAIL: email, ADMIN_PASSWORD: "second-deploy-password" }), (line) =>
      log.push(line),
    );
    const after = await db().user.findUniqueOrThrow({ where: { email } });
    expect(after).toMatchObject({ id: created.id, passwordHash: staffHash, role: "technician", isActive: false });
    expect(await db().user.count({ where: { email } })).toBe(1);
    expect(log.join("\n")).toMatch(new RegExp(`admin left alone: ${email}`));
  });

  it("outside production, adds a technician with a visit, once, so there are windows to book", async () => {
    const env = parseEnv({
      NODE_ENV: "development",
      APP_URL: "http://localhost:3000",
      DATABASE_URL: "postgresql://unused@127.0.0.1/x",
      REDIS_URL: "redis://127.0.0.1:1",
    });
    await db().booking.deleteMany();
    await db().customer.deleteMany();
    await seed(db(), env, () => {});
    const technician = await db().user.findUniqueOrThrow({
      where: { email: SAMPLE_TECHNICIAN_EMAIL },
      include: { visits: true },
    });
    expect(technician).toMatchObject({ role: "technician", isActive: true, workingDays: [1, 2, 3, 4, 5, 6] });
    expect(await verifyPassword(technician.passwordHash, env.ADMIN_PASSWORD)).toBe(true);
    expect(technician.visits).toHaveLength(1);
    // Its visit starts at 8 AM Baton Rouge time, two days on.
    expect(technician.visits[0]!.scheduledDate).toEqual(
      requireBusinessInstant(addLocalDays(businessDate(), 2), 8 * 60),
    );
    // Once: a second run adds no samples.
    const customers = await db().customer.count();
    await seed(db(), env, () => {});
    expect(await db().customer.count()).toBe(customers);
    expect(await db().booking.count({ where: { technicianId: technician.id } })).toBe(1);
  });

  it("outside production, adds a dozen price book items once, by name, leaving a changed one alone", async () => {
    const env = parseEnv({
      NODE_ENV: "development",
      APP_URL: "http://localhost:3000",
      DATABASE_URL: "postgresql://unused@127.0.0.1/x",
      REDIS_URL: "redis://127.0.0.1:1",
    });
    await db().priceBookItem.deleteMany();
    await seed(db(), env, () => {});
    const items = await db().priceBookItem.findMany({ orderBy: { id: "asc" } });
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(items.find((i) => i.name === "Service call")).toMatchObject({ unit: "each", unitPriceCents: 8_900 });
    expect(items.find((i) => i.name === "Labor")).toMatchObject({ unit: "hour", taxable: false });
    expect(items.find((i) => i.name === "Wire run")).toMatchObject({ unit: "foot" });
    await db().priceBookItem.update({ where: { id: items[0]!.id }, data: { unitPriceCents: 9_900, active: false } });
    await seed(db(), env, () => {});
    expect(await db().priceBookItem.count()).toBe(items.length);
    expect(await db().priceBookItem.findUniqueOrThrow({ where: { id: items[0]!.id } })).toMatchObject({
      unitPriceCents: 9_900,
      active: false,
    });
  });

  it("in production adds no price book items", async () => {
    await db().priceBookItem.deleteMany();
    await seed(
      db(),
      parseEnv({
        NODE_ENV: "production",
        APP_URL: "https://www.example.com",
        ...productionEnv(),
        DATABASE_URL: "postgresql://unused@127.0.0.1/x",
        REDIS_URL: "redis://127.0.0.1:1",
        ADMIN_EMAIL: "owner@example.com",
        ADMIN_PASSWORD: "first-deploy-password",
      }),
      () => {},
    );
    expect(await db().priceBookItem.count()).toBe(0);
  });
});

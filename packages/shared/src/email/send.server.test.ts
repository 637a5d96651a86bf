import { Writable } from "node:stream";
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../db.server";
import { createMailer } from "./send.server";
import { passwordResetEmail } from "./templates";

const RESET_URL = "https://www.example.com/login?token=s3cr3t-reset-token";

function setup(options: { transport: "resend" | "log"; apiKey?: string; logBodies?: boolean }) {
  const lines: string[] = [];
  const logger = pino(
    { level: "info" },
    new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }),
  );
  const rows: Array<Record<string, unknown>> = [];
  const db = {
    emailLog: { create: async ({ data }: { data: Record<string, unknown> }) => rows.push(data) },
  } as unknown as Db;
  const mailer = createMailer({
    db,
    logger,
    from: "Office <office@example.com>",
    baseUrl: "http://127.0.0.1:9",
    ...options,
  });
  const email = {
    ...passwordResetEmail({ firstName: "Clovis", resetUrl: RESET_URL }),
    to: "clovis@example.com",
    kind: "password-reset",
    relatedKey: "reset:1",
  };
  return { mailer, email, rows, log: () => lines.join("") };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the log transport", () => {
  it("never calls the provider, even with a key set, and records the email as logged", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const { mailer, email, rows, log } = setup({ transport: "log", apiKey: "re_live_key_that_must_not_be_used" });
    expect(await mailer.send(email)).toEqual({ status: "logged" });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(rows).toEqual([
      expect.objectContaining({
        to: "clovis@example.com",
        kind: "password-reset",
        status: "logged",
        relatedKey: "reset:1",
      }),
    ]);
    const line = JSON.parse(log().trim().split("\n").pop()!);
    expect(line).toMatchObject({
      to: "clovis@example.com",
      kind: "password-reset",
      subject: email.subject,
      relatedKey: "reset:1",
    });
  });

  it("writes no email body (nor the reset link in it) to the log, except in a developer's own", async () => {
    const quiet = setup({ transport: "log" });
    await quiet.mailer.send(quiet.email);
    expect(quiet.log()).toContain("password-reset");
    expect(quiet.log()).not.toContain("s3cr3t-reset-token");
    const development = setup({ transport: "log", logBodies: true });
    await development.mailer.send(development.email);
    expect(development.log()).toContain("s3cr3t-reset-token");
  });
});

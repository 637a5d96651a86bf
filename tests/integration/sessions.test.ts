import { expect, it } from "vitest";
import { createSession, findSession, sessionUserColumns } from "@app/shared/sessions.server";
import { useClonedDatabase } from "../support/test-database";

/** The lookup every signed-in request makes (one SQL statement): what it answers, and what it refuses. */
const db = useClonedDatabase("sessions");

async function userWithSession(data: { email: string; isActive?: boolean }) {
  const user = await db().user.create({
    data: {
      firstName: "Ann",
      lastName: "Lee",
      passwordHash: "h",
      role: "technician",
      lastLogin: new Date("2026-11-20T15:30:00.000Z"),
      emailVerifiedAt: new Date("2026-11-19T10:00:00.000Z"),
      ...data,
    },
  });
  return { user, ...(await createSession(db(), user.id, {})) };
}

it("finds a live session with exactly the user's columns any caller may see, as the Prisma client reads them", async () => {
  const { user, token } = await userWithSession({ email: "ann@example.com" });
  const session = await findSession(db(), token);
  const expected = await db().user.findUniqueOrThrow({ where: { id: user.id }, select: sessionUserColumns });
  expect(session?.user).toEqual(expected);
  expect(Object.keys(session!.user).sort()).toEqual(Object.keys(sessionUserColumns).sort());
  expect(session?.id).toEqual((await db().session.findFirstOrThrow({ where: { userId: user.id } })).id);
  expect(session?.expiresAt).toBeInstanceOf(Date);
});

it("answers null for an unknown token, an inactive user, and an expired session (which it deletes)", async () => {
  expect(await findSession(db(), "no-such-token")).toBeNull();
  const inactive = await userWithSession({ email: "off@example.com", isActive: false });
  expect(await findSession(db(), inactive.token)).toBeNull();
  const expired = await userWithSession({ email: "old@example.com" });
  await db().session.updateMany({
    where: { userId: expired.user.id },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  expect(await findSession(db(), expired.token)).toBeNull();
  expect(await db().session.count({ where: { userId: expired.user.id } })).toBe(0);
});

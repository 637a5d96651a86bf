import { ECDH } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import type { PushSubscriptionInput } from "@app/shared/api/push.server";
import type { SessionUser } from "~/utils/auth.server";
import { failure, success, type Result } from "@app/shared/result";

/**
 * Staff devices that receive Web Push alerts (emergencies, visits assigned):
 * the browser subscribes with the server's VAPID public key and hands us its
 * subscription; the worker (worker/src/processors/push.ts) sends to every row
 * of the people an alert is for, and deletes a row the push service says is gone.
 */

const PUSH_OFF_MESSAGE = "Notifications are not set up on this server.";

/** A person rarely has more devices than this; the oldest beyond it are dropped, so one account cannot fan out without end. */
const MAX_DEVICES_PER_USER = 10;
const USER_AGENT_MAX_LENGTH = 300;

/** The VAPID public key browsers subscribe with (base64url), or a 404 when push is off (production without VAPID keys). */
export function pushPublicKey(context: AppLoadContext): Result<{ publicKey: string }> {
  const push = context.services.env.PUSH;
  return push ? success({ publicKey: push.publicKey }) : failure(404, PUSH_OFF_MESSAGE);
}

/** Whether the key is a point of P-256 (a key off the curve could never be used to encrypt). */
function isP256Point(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, "base64url"), "prime256v1");
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves this device's subscription for the signed-in staff member. The
 * endpoint identifies the device: saving one that exists replaces its keys
 * and gives it to this person (a shared tablet someone else signed in on).
 */
export async function savePushSubscription(
  context: AppLoadContext,
  user: SessionUser,
  sessionId: string,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<Result<{ message: string }>> {
  if (!context.services.env.PUSH) return failure(404, PUSH_OFF_MESSAGE);
  if (!isP256Point(input.keys.p256dh)) {
    return failure(400, "Please correct the highlighted fields", {
      errors: { "keys.p256dh": "The p256dh key is not a P-256 public key" },
    });
  }
  const { db } = context.services;
  const data = {
    userId: user.id,
    // Signing out (or any end of this session) removes the device with it.
    sessionId,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: userAgent?.slice(0, USER_AGENT_MAX_LENGTH) || null,
  };
  const existing = await db.pushSubscription.findUnique({ where: { endpoint: input.endpoint }, select: { id: true } });
  const saved = await db.pushSubscription.upsert({
    where: { endpoint: input.endpoint },
    create: { endpoint: input.endpoint, ...data },
    update: data,
    select: { id: true },
  });
  const surplus = await db.pushSubscription.findMany({
    where: { userId: user.id },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    skip: MAX_DEVICES_PER_USER,
    select: { id: true },
  });
  if (surplus.length) await db.pushSubscription.deleteMany({ where: { id: { in: surplus.map((s) => s.id) } } });
  context.logger.info({ userId: user.id, subscriptionId: saved.id, created: !existing }, "push subscription saved");
  return success({ message: "Notifications are on for this device." }, existing ? 200 : 201);
}

/** Stops alerts to this device, if it is the caller's; answers the same whether or not there was one. */
export async function removePushSubscription(
  context: AppLoadContext,
  user: SessionUser,
  endpoint: string,
): Promise<Result<{ removed: boolean; message: string }>> {
  const { count } = await context.services.db.pushSubscription.deleteMany({ where: { endpoint, userId: user.id } });
  if (count) context.logger.info({ userId: user.id }, "push subscription removed");
  return success({ removed: count > 0, message: "Notifications are off for this device." });
}

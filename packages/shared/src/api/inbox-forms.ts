import { z } from "../zod";
import { STAFF_REPLY_MAX_LENGTH } from "./limits";

/**
 * The staff inbox's forms (/admin/inbox, docs/product.md#inbox), told apart by `intent`, each about
 * the open item (`contact:12` or `chat:chat_…`, which the inbox's action looks up).
 */

const item = z.string({ error: "Unknown conversation or message." });

/** A reply into a visitor's chat. */
export const inboxReplySchema = z.object({
  intent: z.literal("reply"),
  item,
  message: z
    .string({ error: "Write a reply first." })
    .trim()
    .min(1, "Write a reply first.")
    .max(STAFF_REPLY_MAX_LENGTH, `Replies are limited to ${STAFF_REPLY_MAX_LENGTH} characters.`),
});

/** Every post the inbox takes: a reply, marking an item handled (`handled`: 1) or not (0), taking a chat over or handing it back. */
export const inboxFormSchema = z.discriminatedUnion(
  "intent",
  [
    inboxReplySchema,
    z.object({ intent: z.literal("handled"), item, handled: z.enum(["0", "1"], { error: "Unknown action." }) }),
    z.object({ intent: z.literal("take-over"), item }),
    z.object({ intent: z.literal("hand-back"), item }),
  ],
  { error: "Unknown action." },
);

export type InboxForm = z.infer<typeof inboxFormSchema>;

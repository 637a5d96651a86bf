/**
 * The chat's answer to "can someone come Friday?" (docs/product.md#chat-assistant):
 * the engine names the day (`EngineReply.windowDay`), and this turns it into
 * that day's open arrival windows, offered as suggested actions the widget
 * opens the booking form with. With none open that day, the next open ones
 * (a closed day is named: "We're closed on Thursday, November 26 (Thanksgiving).").
 * Reads the schedule (../scheduling), so it runs where the database is (the
 * worker, or the web when it answers without the queue); the words are the chat's.
 */
import { business, type BusinessFacts } from "../business";
import type { Reader } from "../db.server";
import { closedDayWords } from "../scheduling/closures";
import { customerSchedule, nextOpenWindows } from "../scheduling/schedule.server";
import { windowJson, windowMenu, type WindowJson } from "../scheduling/windows";
import { formatShortWeekdayDate, requireBusinessInstant } from "../time";
import type { EngineReply } from "./engine";
import { officeStatus } from "./hours";
import { afterHoursNotice, joinList, MAX_SUGGESTED_ACTIONS } from "./rules";

/** "Friday, Dec 4, 10 AM – 12 PM": how a window is offered, in the chat's actions and the form's menu alike. */
const windowLabels = (windows: readonly WindowJson[]) =>
  windowMenu(windows).flatMap((group) => group.options.map((o) => o.label));

export async function answerWithWindows(
  db: Reader,
  reply: EngineReply,
  { now = new Date(), facts = business }: { now?: Date; facts?: BusinessFacts } = {},
): Promise<EngineReply> {
  if (!reply.windowDay) return reply;
  const day = formatShortWeekdayDate(requireBusinessInstant(reply.windowDay, 12 * 60));
  const asked = await customerSchedule(db, reply.windowDay, 1, now);
  const open = asked.windows.filter((w) => w.available > 0).map(windowJson);
  const closure = asked.closures[0];
  let message: string;
  let actions: string[];
  if (open.length > 0) {
    const times = windowMenu(open)[0]!.options.map((o) => o.time);
    message = `On ${day} we can come ${times.length === 1 ? "in this arrival window" : "in these arrival windows"}: ${joinList(times)}. Choose one and I'll open the booking form with it, or call ${facts.phone}.`;
    actions = windowLabels(open);
  } else {
    const next = await nextOpenWindows(db, MAX_SUGGESTED_ACTIONS, now);
    actions = windowLabels(next);
    message = next.length
      ? `${closure ? `${closedDayWords(closure)}.` : `${day} has no open arrival windows.`} The next open ones are ${joinList(actions)}. Choose one and I'll open the booking form with it, or call ${facts.phone}.`
      : `${closure ? `${closedDayWords(closure)}. ` : ""}We have no open arrival windows to book online right now. Please call ${facts.phone} and we'll find a time, or leave a request and we'll call you.`;
    if (!next.length) actions = ["Open booking form"];
  }
  const closed = !officeStatus(now, facts).open;
  return {
    ...reply,
    intent: "booking",
    message: closed ? `${afterHoursNotice(facts)}\n\n${message}` : message,
    suggestedActions: actions.slice(0, MAX_SUGGESTED_ACTIONS),
    suggestsBooking: true,
    openBookingForm: false,
  };
}

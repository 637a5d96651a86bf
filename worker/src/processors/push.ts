import type { JobData } from "@app/shared/jobs";
import type { WorkerContext } from "../context";

/** Web Push to staff devices (being written). */
export async function sendPushAlert(_ctx: WorkerContext, data: JobData<"push-alert">): Promise<unknown> {
  throw new Error(`push alerts are not wired yet (booking ${data.bookingId})`);
}

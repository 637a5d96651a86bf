/**
 * Sending one photo from the browser (docs/product.md#job-record): a key made once for the photo
 * (crypto.randomUUID()) goes with every attempt, so when a connection drops after the server kept
 * the photo, the retry answers that same photo (200) instead of a second one; a network error or a
 * 5xx is tried again after a pause, a refusal (4xx) is not.
 */

export type UploadOutcome = { ok: true; created: boolean } | { ok: false; message: string };

/** The pauses between attempts, in milliseconds: five attempts in all. */
const PAUSES = [1_000, 2_000, 4_000, 8_000];

export async function uploadPhoto(
  url: string,
  file: File,
  uploadKey: string,
  {
    send = (target: string, init: RequestInit) => fetch(target, init),
    pause = (ms: number) => new Promise((r) => setTimeout(r, ms)),
  }: { send?: (target: string, init: RequestInit) => Promise<Response>; pause?: (ms: number) => Promise<unknown> } = {},
): Promise<UploadOutcome> {
  let lastProblem = "The connection dropped.";
  for (let attempt = 0; attempt <= PAUSES.length; attempt++) {
    if (attempt > 0) await pause(PAUSES[attempt - 1]!);
    const body = new FormData();
    body.append("uploadKey", uploadKey);
    body.append("file", file, file.name);
    let res: Response;
    try {
      res = await send(url, { method: "POST", body, credentials: "same-origin" });
    } catch {
      lastProblem = "The connection dropped.";
      continue;
    }
    if (res.ok) return { ok: true, created: res.status === 201 };
    const answer = (await res.json().catch(() => ({}))) as { message?: string };
    if (res.status < 500) return { ok: false, message: answer.message ?? `Refused (${res.status}).` };
    lastProblem = answer.message ?? "The server could not keep it just now.";
  }
  return { ok: false, message: `${lastProblem} Try again when you have a signal.` };
}

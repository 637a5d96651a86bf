import { describe, expect, it, vi } from "vitest";
import { uploadPhoto } from "./photo-upload";

const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], "panel.jpg", { type: "image/jpeg" });
const pause = () => Promise.resolve();

describe("uploadPhoto", () => {
  it("retries a dropped connection with the same upload key, so the photo is kept once", async () => {
    const keys: string[] = [];
    const send = vi.fn(async (_url: string, init: RequestInit) => {
      keys.push(String((init.body as FormData).get("uploadKey")));
      if (keys.length < 3) throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify({ success: true }), { status: keys.length === 3 ? 200 : 201 });
    });
    expect(await uploadPhoto("/api/jobs/1/photos", file, "key-123456", { send, pause })).toEqual({
      ok: true,
      created: false,
    });
    expect(keys).toEqual(["key-123456", "key-123456", "key-123456"]);
  });

  it("does not retry a refusal, and says why", async () => {
    const send = vi.fn(
      async () => new Response(JSON.stringify({ success: false, message: "Send a photo" }), { status: 400 }),
    );
    expect(await uploadPhoto("/x", file, "key-123456", { send, pause })).toEqual({
      ok: false,
      message: "Send a photo",
    });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("gives up after five attempts without a connection", async () => {
    const send = vi.fn(async () => {
      throw new TypeError("offline");
    });
    const outcome = await uploadPhoto("/x", file, "key-123456", { send, pause });
    expect(outcome.ok).toBe(false);
    expect(send).toHaveBeenCalledTimes(5);
  });
});

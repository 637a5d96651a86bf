import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// A fresh store for every test: the module keeps its toasts in module state.
async function freshStore() {
  vi.resetModules();
  return import("./use-toast");
}

describe("toast store (docs/product.md#notices-and-toasts)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("uses the product's limits", async () => {
    const store = await freshStore();
    expect(store.TOAST_LIMIT).toBe(1);
    expect(store.TOAST_DURATION_MS).toBe(5_000);
    expect(store.TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    expect(store.TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(store.TOAST_HOTKEY).toEqual(["F8"]);
  });

  it("shows one toast at a time: a new toast closes the one on screen", async () => {
    const { toast, getToasts } = await freshStore();
    const first = toast({ title: "Success", description: "Booking created successfully" });
    expect(getToasts()).toMatchObject([{ id: first.id, open: true, title: "Success" }]);

    const second = toast({ variant: "destructive", title: "Error", description: "Failed to create booking" });
    expect(getToasts().filter((t) => t.open)).toMatchObject([{ id: second.id, variant: "destructive" }]);
    expect(getToasts().find((t) => t.id === first.id)?.open).toBe(false);

    toast({ title: "Third" });
    expect(getToasts().filter((t) => t.open)).toHaveLength(1);
    expect(getToasts().length).toBeLessThanOrEqual(2);
  });

  it("keeps a dismissed toast for 1,000,000 ms, then removes it", async () => {
    const { toast, getToasts, dismissToast } = await freshStore();
    const shown = toast({ title: "Saved" });
    dismissToast(shown.id);
    expect(getToasts()).toMatchObject([{ id: shown.id, open: false }]);
    vi.advanceTimersByTime(999_999);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it("updates a toast in place and notifies subscribers", async () => {
    const { toast, getToasts } = await freshStore();
    const shown = toast({ title: "Saving…" });
    shown.update({ title: "Saved" });
    expect(getToasts()[0]).toMatchObject({ id: shown.id, title: "Saved", open: true });
    shown.dismiss();
    expect(getToasts()[0]?.open).toBe(false);
  });
});

/**
 * The technician's job record (docs/product.md#job-record) through the JSON API, against the
 * production build: photos kept without their metadata and resized, once per upload key,
 * bounded by type, size and count, shown only through signed addresses that expire; the
 * same with an S3-compatible bucket (s3rver, started here); notes, checklist and items.
 */
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, formPost, signedInUser } from "../support/accounts";
import { randomIp, startStack, type Stack } from "../support/stack";

let stack: Stack;
let uploads: string;
let tech: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  uploads = await mkdtemp(path.join(tmpdir(), "job-photos-"));
  stack = await startStack({ name: "job-record", env: { UPLOADS_DIR: uploads } });
  [tech, other, admin] = await Promise.all([
    signedInUser(stack.url, stack.db, "technician"),
    signedInUser(stack.url, stack.db, "technician"),
    signedInUser(stack.url, stack.db, "admin"),
  ]);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  if (uploads) await rm(uploads, { recursive: true, force: true });
});

let visits = 0;
async function visit(technicianId: number, summary = "Panel Upgrade 100A to 200A") {
  const customer = await stack.db.customer.create({
    data: { name: "Record Customer", email: `record${++visits}@customer.example.com`, phone: "(225) 555-0142" },
  });
  const start = new Date(Date.now() + 86_400_000 + visits * 3 * 3_600_000);
  start.setUTCMinutes(0, 0, 0);
  return stack.db.booking.create({ data: { customerId: customer.id, summary, scheduledDate: start, technicianId } });
}

/** A 3000×2000 JPEG with EXIF GPS (Baton Rouge), an orientation that turns it, and a camera name. */
function photoWithGps() {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "PhoneCam", Model: "Field 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "30/1 27/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "91/1 8/1 0/1" },
    })
    .toBuffer();
}

const smallJpeg = (shade = 10) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 60, b: 90 } } })
    .jpeg()
    .toBuffer();

async function upload(
  baseUrl: string,
  token: string,
  bookingId: number,
  bytes: Buffer,
  uploadKey: string,
  name = "photo.jpg",
) {
  const body = new FormData();
  body.append("uploadKey", uploadKey);
  body.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), name);
  const res = await fetch(`${baseUrl}/api/jobs/${bookingId}/photos`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "X-Forwarded-For": randomIp() },
    body,
  });
  const text = await res.text();
  let json: {
    success: boolean;
    message: string;
    errors?: Record<string, string>;
    photo?: { id: number; url: string; width: number; height: number };
  };
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    throw new Error(`not JSON (${res.status}): ${text.slice(0, 200)}`);
  }
  return { status: res.status, json };
}

describe("photos on disk", () => {
  it("keeps a photo resized, upright and without any metadata, once per upload key", async () => {
    const booking = await visit(tech.user.id);
    const original = await photoWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(original.includes(Buffer.from("PhoneCam"))).toBe(true);

    const first = await upload(stack.url, tech.token, booking.id, original, "key-gps-0001");
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    const again = await upload(stack.url, tech.token, booking.id, original, "key-gps-0001");
    expect(again.status).toBe(200);
    expect(again.json.photo!.id).toBe(first.json.photo!.id);
    expect(await stack.db.jobPhoto.count({ where: { bookingId: booking.id } })).toBe(1);

    const row = await stack.db.jobPhoto.findFirstOrThrow({ where: { bookingId: booking.id } });
    const stored = await readFile(path.join(uploads, row.storageKey));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from("PhoneCam"))).toBe(false);
    // Turned by its orientation (6: a quarter turn), the longest side 2048.
    expect([meta.width, meta.height]).toEqual([1365, 2048]);
    expect([row.width, row.height]).toEqual([1365, 2048]);
    expect(await stack.db.auditLog.count({ where: { action: "job.photo_added", targetId: String(booking.id) } })).toBe(
      1,
    );
  });

  it("removes a photo taken by mistake: its row and its file go, once; another technician may not", async () => {
    const booking = await visit(tech.user.id);
    const kept = await upload(stack.url, tech.token, booking.id, await smallJpeg(20), "key-keep-0001");
    const wrong = await upload(stack.url, tech.token, booking.id, await smallJpeg(30), "key-wrong-001");
    expect([kept.status, wrong.status]).toEqual([201, 201]);
    const row = await stack.db.jobPhoto.findUniqueOrThrow({ where: { id: wrong.json.photo!.id } });
    const file = path.join(uploads, row.storageKey);
    expect((await readFile(file)).length).toBeGreaterThan(0);
    const remove = (id: number, token = tech.token) =>
      api(stack.url, "DELETE", `/api/jobs/${booking.id}/photos/${id}`, token);

    expect((await remove(row.id, other.token)).status).toBe(403);
    expect(await stack.db.jobPhoto.count({ where: { bookingId: booking.id } })).toBe(2);

    const removed = await remove(row.id);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json).toMatchObject({ success: true, removed: true, message: "Photo removed." });
    await expect(readFile(file)).rejects.toThrow();
    const left = await stack.db.jobPhoto.findMany({ where: { bookingId: booking.id } });
    expect(left.map((p) => p.id)).toEqual([kept.json.photo!.id]);
    expect((await remove(row.id)).status).toBe(404);
    // A photo of another visit is not this visit's.
    expect((await remove(kept.json.photo!.id + 1_000_000)).status).toBe(404);
    expect(
      await stack.db.auditLog.count({ where: { action: "job.photo_removed", targetId: String(booking.id) } }),
    ).toBe(1);
  });

  it("refuses what is not a photo (by its bytes), a photo over 15 MB, and a 31st photo", async () => {
    const booking = await visit(tech.user.id);
    const text = await upload(
      stack.url,
      tech.token,
      booking.id,
      Buffer.from("not a photo at all\n".repeat(50)),
      "key-text-01",
      "panel.jpg",
    );
    expect(text.status).toBe(400);
    expect(text.json).toMatchObject({
      success: false,
      message: expect.any(String),
      errors: { file: expect.any(String) },
    });

    const huge = Buffer.concat([await smallJpeg(), Buffer.alloc(16 * 1024 * 1024)]);
    const big = await upload(stack.url, tech.token, booking.id, huge, "key-huge-01");
    expect([400, 413]).toContain(big.status);
    expect(big.json).toMatchObject({
      success: false,
      message: expect.stringContaining("15 MB"),
      errors: expect.any(Object),
    });
    expect(await stack.db.jobPhoto.count({ where: { bookingId: booking.id } })).toBe(0);

    for (let i = 0; i < 30; i++) {
      const res = await upload(stack.url, tech.token, booking.id, await smallJpeg(i), `key-count-${i}`);
      expect(res.status).toBe(201);
    }
    const over = await upload(stack.url, tech.token, booking.id, await smallJpeg(99), "key-count-30");
    expect(over.status).toBe(409);
    expect(over.json).toMatchObject({
      success: false,
      message: expect.stringContaining("30"),
      errors: expect.any(Object),
    });
    expect(await stack.db.jobPhoto.count({ where: { bookingId: booking.id } })).toBe(30);
    expect((await readdir(path.join(uploads, "jobs", String(booking.id)))).length).toBe(30);
  }, 120_000);

  it("shows another technician nothing (403) and lets an admin in", async () => {
    const booking = await visit(tech.user.id);
    const theirs = await upload(stack.url, other.token, booking.id, await smallJpeg(), "key-other-01");
    expect(theirs.status).toBe(403);
    expect((await api(stack.url, "GET", `/api/jobs/${booking.id}/record`, other.token)).status).toBe(403);
    expect((await api(stack.url, "PATCH", `/api/jobs/${booking.id}/record`, other.token, { notes: "x" })).status).toBe(
      403,
    );
    expect((await api(stack.url, "GET", `/api/jobs/${booking.id}/record`, admin.token)).status).toBe(200);
  });

  it("serves a photo only through its signed address, and not once tampered with or expired", async () => {
    const booking = await visit(tech.user.id);
    const added = await upload(stack.url, tech.token, booking.id, await smallJpeg(), "key-url-0001");
    const url = new URL(added.json.photo!.url, stack.url);
    expect(url.pathname).toMatch(/^\/uploads\/jobs\//);
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await ok.arrayBuffer())).metadata()).width).toBe(40);

    const bare = await fetch(new URL(url.pathname, stack.url));
    expect(bare.status).toBe(403);
    const tampered = new URL(url);
    tampered.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 60));
    expect((await fetch(tampered)).status).toBe(403);
    const otherKey = new URL(url);
    otherKey.pathname = url.pathname.replace(/\/[^/]+\.jpg$/, "/00000000-0000-0000-0000-000000000000.jpg");
    expect((await fetch(otherKey)).status).toBe(403);
    // Expired: a signature made for a time already past (the address's own signature covers its time).
    const expired = new URL(url);
    expired.searchParams.set("expires", String(Math.floor(Date.now() / 1000) - 1));
    expect((await fetch(expired)).status).toBe(403);
    const record = await api(stack.url, "GET", `/api/jobs/${booking.id}/record`, tech.token);
    expect(
      Number(new URL(record.json.record.photos[0].url, stack.url).searchParams.get("expires")),
    ).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600);
  });
});

describe("notes, checklist and items", () => {
  it("saves notes and the visit's checklist, adds and removes items with line totals in cents", async () => {
    const booking = await visit(tech.user.id);
    const record = await api(stack.url, "GET", `/api/jobs/${booking.id}/record`, tech.token);
    expect(record.status).toBe(200);
    expect(record.json.record.service).toBe("Panel Upgrade");
    expect(record.json.record.checklist.map((c: { label: string }) => c.label)).toContain("Permit posted");

    const saved = await api(stack.url, "PATCH", `/api/jobs/${booking.id}/record`, tech.token, {
      notes: "Double-tapped breakers replaced",
      checklist: ["permit-posted", "torque-to-spec", "not-on-this-list"],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.record.notes).toBe("Double-tapped breakers replaced");
    expect(
      saved.json.record.checklist.filter((c: { checked: boolean }) => c.checked).map((c: { id: string }) => c.id),
    ).toEqual(["permit-posted", "torque-to-spec"]);

    const gfci = await api(stack.url, "POST", `/api/jobs/${booking.id}/items`, tech.token, {
      description: "GFCI outlet",
      unitPriceCents: 16_500,
      quantityHundredths: 150,
    });
    expect(gfci.status, gfci.text).toBe(201);
    expect(gfci.json.item).toMatchObject({ description: "GFCI outlet", lineTotalCents: 24_750, taxable: true });
    const priced = await stack.db.priceBookItem.create({
      data: { name: "Surge protector", unitPriceCents: 29_900, taxable: false },
    });
    const fromBook = await api(stack.url, "POST", `/api/jobs/${booking.id}/items`, tech.token, {
      priceBookItemId: priced.id,
      quantityHundredths: 100,
    });
    expect(fromBook.json.item).toMatchObject({
      description: "Surge protector",
      unitPriceCents: 29_900,
      taxable: false,
    });
    const retired = await stack.db.priceBookItem.create({
      data: { name: "Fuse box survey", unitPriceCents: 10_000, active: false },
    });
    const inactive = await api(stack.url, "POST", `/api/jobs/${booking.id}/items`, tech.token, {
      priceBookItemId: retired.id,
      quantityHundredths: 100,
    });
    expect(inactive.status).toBe(400);
    expect(inactive.json.errors.priceBookItemId).toMatch(/no longer offered/);
    const unknown = await api(stack.url, "POST", `/api/jobs/${booking.id}/items`, tech.token, {
      priceBookItemId: retired.id + 1000,
      quantityHundredths: 100,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual({ priceBookItemId: "No such item in the price book" });
    const refused = await api(stack.url, "POST", `/api/jobs/${booking.id}/items`, tech.token, {
      quantityHundredths: 100,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toHaveProperty("description");

    const removed = await api(stack.url, "DELETE", `/api/jobs/${booking.id}/items/${gfci.json.item.id}`, tech.token);
    expect(removed.status).toBe(200);
    const after = await api(stack.url, "GET", `/api/jobs/${booking.id}/record`, tech.token);
    expect(after.json.record.items.map((i: { description: string }) => i.description)).toEqual(["Surge protector"]);
    expect(
      await stack.db.auditLog.count({ where: { targetId: String(booking.id), action: { startsWith: "job." } } }),
    ).toBe(4);
  });
});

describe("numbers within what the database holds (docs/security.md)", () => {
  /** A page's answer: its status, and its HTML (a form's refusal is shown beside the field). */
  async function postJobs(token: string, fields: Record<string, string>) {
    const res = await formPost(stack.url, "/jobs", token, fields);
    return { status: res.status, html: await res.text() };
  }
  const getJobs = async (token: string, query = "") => {
    const res = await fetch(`${stack.url}/jobs${query}`, {
      headers: { Authorization: `Bearer ${token}`, "X-Forwarded-For": randomIp() },
    });
    return { status: res.status, html: await res.text() };
  };

  it("refuses a quantity past 9,999.99 with 400 beside the field, on /jobs's form as in the JSON API", async () => {
    const booking = await visit(tech.user.id);
    const item = { intent: "job-item-add", bookingId: String(booking.id), description: "Wire", unitPrice: "1.00" };
    for (const quantity of ["10000", "1000000", "999999.99", "1e5", "NaN", "-1", "0"]) {
      const page = await postJobs(tech.token, { ...item, quantity });
      expect(page.status, `${quantity}: ${page.html.slice(0, 300)}`).toBe(400);
      expect(page.html).toContain("Enter a quantity from 0.01 to 9,999.99");
    }
    for (const quantityHundredths of [1_000_000, 2 ** 31, 2 ** 53, 1e308, 0, -1, 1.5]) {
      const res = await api(stack.url, "POST", `/api/jobs/${booking.id}/items`, tech.token, {
        description: "Wire",
        unitPriceCents: 100,
        quantityHundredths,
      });
      expect(res.status, res.text).toBe(400);
      expect(res.json).toMatchObject({ success: false, message: expect.any(String) });
      expect(Object.keys(res.json.errors)).toEqual(["quantityHundredths"]);
    }
    const most = await postJobs(tech.token, { ...item, quantity: "9999.99" });
    expect(most.status).toBe(200);
    expect(await stack.db.jobItem.count({ where: { bookingId: booking.id } })).toBe(1);
  });

  it("holds a visit's items to $10,000,000.00 in all and 100 items, with 400 beside the field", async () => {
    const booking = await visit(tech.user.id);
    const add = (unitPriceCents: number, quantityHundredths = 100) =>
      api(stack.url, "POST", `/api/jobs/${booking.id}/items`, tech.token, {
        description: "Panel",
        unitPriceCents,
        quantityHundredths,
      });
    // The campaign's item: $10,000,000 × 9,999.99, one line alone past what an invoice holds.
    const huge = await add(1_000_000_000, 999_999);
    expect(huge.status, huge.text).toBe(400);
    expect(huge.json.errors).toMatchObject({ quantityHundredths: expect.stringContaining("$10,000,000.00") });
    expect((await add(999_999_900)).status).toBe(201);
    expect((await add(100)).status).toBe(201);
    const past = await add(1);
    expect(past.status, past.text).toBe(400);
    expect(past.json).toMatchObject({ success: false, errors: { unitPriceCents: expect.any(String) } });
    const page = await postJobs(tech.token, {
      intent: "job-item-add",
      bookingId: String(booking.id),
      description: "Panel",
      unitPrice: "0.01",
      quantity: "1",
    });
    expect(page.status).toBe(400);
    expect(page.html).toContain("add up to at most $10,000,000.00");
    expect(await stack.db.jobItem.count({ where: { bookingId: booking.id } })).toBe(2);

    const many = await visit(tech.user.id);
    await stack.db.jobItem.createMany({
      data: Array.from({ length: 99 }, () => ({
        bookingId: many.id,
        description: "Staple",
        quantityHundredths: 100,
        unitPriceCents: 10,
      })),
    });
    const last = await api(stack.url, "POST", `/api/jobs/${many.id}/items`, tech.token, {
      description: "Staple",
      unitPriceCents: 10,
      quantityHundredths: 100,
    });
    expect(last.status, last.text).toBe(201);
    const over = await api(stack.url, "POST", `/api/jobs/${many.id}/items`, tech.token, {
      description: "Staple",
      unitPriceCents: 10,
      quantityHundredths: 100,
    });
    expect(over.status, over.text).toBe(400);
    expect(over.json).toMatchObject({ success: false, errors: { description: expect.stringContaining("100 items") } });
    expect(await stack.db.jobItem.count({ where: { bookingId: many.id } })).toBe(100);
  });

  it("/jobs shows whatever the database holds: 902 items of $10,000,000 × 9,999.99, for the technician and an admin", async () => {
    // As the campaign left them (accepted before the caps): written straight to the database.
    const booking = await visit(tech.user.id, "Whole-house rewire");
    await stack.db.jobItem.createMany({
      data: Array.from({ length: 902 }, () => ({
        bookingId: booking.id,
        description: "Largest line",
        quantityHundredths: 999_999,
        unitPriceCents: 1_000_000_000,
      })),
    });
    // The visit opened (`?visit=`): the page shows one visit's record at a time.
    const mine = await getJobs(tech.token, `?visit=${booking.id}`);
    expect(mine.status, mine.html.slice(0, 300)).toBe(200);
    // 902 × $99,999,900,000.00, exactly (past 2⁵³ cents).
    expect(mine.html).toContain("$90,199,909,800,000.00");
    expect(mine.html).toContain("$99,999,900,000.00");
    const admins = await getJobs(admin.token, `?technician=${tech.user.id}&visit=${booking.id}`);
    expect(admins.status, admins.html.slice(0, 300)).toBe(200);
    expect(admins.html).toContain("$90,199,909,800,000.00");
    const record = await api(stack.url, "GET", `/api/jobs/${booking.id}/record`, tech.token);
    expect(record.status).toBe(200);
    expect(record.json.record.items).toHaveLength(902);
    // No invoice can hold them: refused with 409, not a 500.
    const invoice = await api(stack.url, "POST", "/api/invoices", admin.token, { bookingId: booking.id });
    expect(invoice.status, invoice.text).toBe(409);
    await stack.db.jobItem.deleteMany({ where: { bookingId: booking.id } });
  }, 60_000);
});

describe("photos in an S3-compatible bucket", () => {
  it("puts the photo in the bucket and shows it through a presigned address", async () => {
    const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
    const s3 = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: "photos" }],
    });
    const { port } = await s3.run();
    try {
      const web = await stack.startWeb({
        S3_BUCKET: "photos",
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: "us-east-1",
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
      });
      const baseUrl = stack.urls[stack.urls.length - 1]!;
      expect(web).toBeDefined();
      const booking = await visit(tech.user.id);
      const added = await upload(baseUrl, tech.token, booking.id, await photoWithGps(), "key-bucket-01");
      expect(added.status, JSON.stringify(added.json)).toBe(201);
      const row = await stack.db.jobPhoto.findFirstOrThrow({ where: { bookingId: booking.id } });
      const url = new URL(added.json.photo!.url);
      expect(url.origin).toBe(`http://127.0.0.1:${port}`);
      expect(url.pathname).toBe(`/photos/${row.storageKey}`);
      expect(url.searchParams.get("X-Amz-Expires")).toBe("600");
      expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.exif).toBeUndefined();
      expect(Math.max(meta.width, meta.height)).toBe(2048);
      // Nothing of it on disk.
      await expect(readFile(path.join(uploads, row.storageKey))).rejects.toThrow();
    } finally {
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    }
  }, 120_000);
});

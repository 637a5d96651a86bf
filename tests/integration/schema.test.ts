import { expect, it } from "vitest";
import type { Db } from "@app/shared/db.server";
import { useClonedDatabase } from "../support/test-database";

/** The hand-written migrations and schema.prisma agree: every model and field is written and read back. */
const db = useClonedDatabase("schema");

it("writes and reads every model through the Prisma client", async () => {
  const now = new Date("2026-11-20T15:30:00.000Z");
  const user = await db().user.create({
    data: {
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.com",
      passwordHash: "h",
      role: "technician",
      isActive: false,
      lastLogin: now,
      workingDays: [2, 4],
    },
  });
  expect(await db().user.findUniqueOrThrow({ where: { email: "ann@example.com" } })).toMatchObject({
    role: "technician",
    isActive: false,
    lastLogin: now,
    workingDays: [2, 4],
  });

  const session = await db().session.create({
    data: { tokenHash: "t1", userId: user.id, expiresAt: now, userAgent: "ua", ip: "1.2.3.4" },
  });
  expect(await db().session.findUniqueOrThrow({ where: { tokenHash: "t1" } })).toMatchObject({
    id: session.id,
    ip: "1.2.3.4",
  });

  await db().accountToken.create({
    data: {
      purpose: "email_verification",
      tokenHash: "r1",
      sealedToken: "s",
      email: "ann@example.com",
      userId: user.id,
      expiresAt: now,
      usedAt: now,
    },
  });
  expect(await db().accountToken.findUniqueOrThrow({ where: { tokenHash: "r1" } })).toMatchObject({
    purpose: "email_verification",
    sealedToken: "s",
    usedAt: now,
  });
  const csvExport = await db().csvExport.create({
    data: {
      kind: "bookings",
      userId: user.id,
      params: { status: "completed", from: "2026-01-01" },
      rowCount: 25_000,
      dedupeKey: "d1",
      storageKey: "exports/x.csv",
      bytes: 1_234,
      readyAt: now,
      expiresAt: now,
    },
  });
  expect(await db().csvExport.findUniqueOrThrow({ where: { dedupeKey: "d1" } })).toMatchObject({
    id: csvExport.id,
    params: { status: "completed", from: "2026-01-01" },
    rowCount: 25_000,
    storageKey: "exports/x.csv",
    bytes: 1_234,
    readyAt: now,
  });
  await expect(
    db().csvExport.create({
      data: { kind: "payments", userId: user.id, params: {}, rowCount: 1, dedupeKey: "d1", expiresAt: now },
    }),
  ).rejects.toThrow();

  await db().user.update({ where: { id: user.id }, data: { emailVerifiedAt: now } });
  expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ emailVerifiedAt: now });

  const customer = await db().customer.create({
    data: {
      name: "Cajun Cafe",
      email: "cafe@example.com",
      phone: "225-555-0100",
      address: "12 Main St, Walker, LA 70785",
      userId: user.id,
    },
  });
  expect(await db().customer.findUniqueOrThrow({ where: { id: customer.id }, include: { user: true } })).toMatchObject({
    address: "12 Main St, Walker, LA 70785",
    userId: user.id,
    user: { email: "ann@example.com" },
  });
  // A duplicate merged into the record (kept for undo, docs/decisions/018-customer-merge-undo.md), and a staff note.
  const duplicate = await db().customer.create({
    data: { name: "Cafe Lead", email: "cafe@example.com", phone: "1", mergedIntoId: customer.id, mergedAt: now },
  });
  expect(
    await db().customer.findUniqueOrThrow({ where: { id: customer.id }, include: { mergedRecords: true } }),
  ).toMatchObject({ mergedIntoId: null, mergedAt: null, mergedRecords: [{ id: duplicate.id, mergedAt: now }] });
  await db().customerNote.create({
    data: {
      customerId: customer.id,
      authorId: user.id,
      authorEmail: user.email,
      text: "Gate code 1234",
      createdAt: now,
    },
  });
  expect(
    await db().customerNote.findFirstOrThrow({ where: { customerId: customer.id }, include: { author: true } }),
  ).toMatchObject({ authorEmail: "ann@example.com", text: "Gate code 1234", createdAt: now, author: { id: user.id } });
  const booking = await db().booking.create({
    data: {
      customerId: customer.id,
      summary: "Panel",
      details: "d",
      priority: "emergency",
      status: "in_progress",
      scheduledDate: now,
      serviceTitanId: "ST-1",
      source: "chat",
      cancelledByCustomerAt: now,
      technicianId: user.id,
      durationMinutes: 90,
      needsPlacing: true,
      address: "12 Main St",
      technicianDroppedAt: now,
      calendarSequence: 7,
    },
  });
  expect(
    await db().booking.findUniqueOrThrow({ where: { id: booking.id }, include: { customer: true } }),
  ).toMatchObject({
    priority: "emergency",
    status: "in_progress",
    scheduledDate: now,
    serviceTitanId: "ST-1",
    source: "chat",
    cancelledByCustomerAt: now,
    technicianId: user.id,
    durationMinutes: 90,
    needsPlacing: true,
    address: "12 Main St",
    technicianDroppedAt: now,
    calendarSequence: 7,
    customer: { name: "Cajun Cafe" },
  });
  expect(
    (await db().user.findUniqueOrThrow({ where: { id: user.id }, include: { visits: true } })).visits.map((v) => v.id),
  ).toEqual([booking.id]);

  const contact = await db().contactMessage.create({
    data: {
      firstName: "a",
      lastName: "b",
      email: "c@d.co",
      phone: "1",
      service: "maintenance",
      message: "m",
      ip: "i",
      userAgent: "u",
      requestId: "r",
    },
  });
  expect(await db().contactMessage.findUniqueOrThrow({ where: { id: contact.id } })).toMatchObject({
    service: "maintenance",
    readAt: null,
    handledAt: null,
    emergency: false,
  });
  await db().contactMessage.update({
    where: { id: contact.id },
    data: { readAt: now, handledAt: now, emergency: true, emergencyAcknowledgedAt: now },
  });
  expect(await db().contactMessage.findUniqueOrThrow({ where: { id: contact.id } })).toMatchObject({
    readAt: now,
    handledAt: now,
    emergency: true,
    emergencyAcknowledgedAt: now,
  });

  await db().chatSession.create({ data: { id: "chat_abcdefgh", status: "closed", ip: "i", userAgent: "u" } });
  expect(await db().chatSession.findUniqueOrThrow({ where: { id: "chat_abcdefgh" } })).toMatchObject({
    handledById: null,
    handledAt: null,
    readAt: null,
    emergencyAt: null,
  });
  await db().chatSession.update({
    where: { id: "chat_abcdefgh" },
    data: { handledById: user.id, handledAt: now, readAt: now, emergencyAt: now, emergencyAcknowledgedAt: now },
  });
  expect(
    await db().chatSession.findUniqueOrThrow({ where: { id: "chat_abcdefgh" }, include: { handledBy: true } }),
  ).toMatchObject({
    handledById: user.id,
    handledAt: now,
    readAt: now,
    emergencyAt: now,
    emergencyAcknowledgedAt: now,
    handledBy: { email: "ann@example.com" },
  });
  // The handling staff member's account going away hands the conversation back (ON DELETE SET NULL).
  const temp = await db().user.create({
    data: { firstName: "T", lastName: "S", email: "temp-staff@example.com", passwordHash: "h", role: "admin" },
  });
  await db().chatSession.create({ data: { id: "chat_handled1", handledById: temp.id } });
  await db().user.delete({ where: { id: temp.id } });
  expect(await db().chatSession.findUniqueOrThrow({ where: { id: "chat_handled1" } })).toMatchObject({
    handledById: null,
  });
  const q = await db().chatMessage.create({ data: { sessionId: "chat_abcdefgh", sender: "user", message: "hi" } });
  const a = await db().chatMessage.create({
    data: {
      sessionId: "chat_abcdefgh",
      sender: "assistant",
      message: "hello",
      intent: "greeting",
      suggestedActions: ["A", "B"],
    },
  });
  await db().chatMessage.update({ where: { id: q.id }, data: { replyToId: a.id } });
  expect(
    await db().chatMessage.findMany({ where: { sessionId: "chat_abcdefgh" }, orderBy: { createdAt: "asc" } }),
  ).toEqual([
    expect.objectContaining({ sender: "user", replyToId: a.id, suggestedActions: [] }),
    expect.objectContaining({ sender: "assistant", intent: "greeting", suggestedActions: ["A", "B"] }),
  ]);

  const request = await db().appointmentRequest.create({
    data: {
      chatSessionId: "chat_abcdefgh",
      customerName: "n",
      customerPhone: "p",
      customerEmail: "e@x.co",
      serviceType: "Panel Upgrade",
      address: "a",
      preferredTiming: "t",
      priority: "urgent",
      description: "d",
      requestedDate: now,
      customerId: customer.id,
      bookingId: booking.id,
    },
  });
  expect(
    await db().appointmentRequest.findUniqueOrThrow({ where: { id: request.id }, include: { booking: true } }),
  ).toMatchObject({
    priority: "urgent",
    booking: { id: booking.id },
  });

  await db().outbox.create({
    data: {
      key: "k-1",
      queue: "email",
      kind: "contact-notification",
      payload: { contactMessageId: 1 },
      subject: "contact:1",
      priority: 1,
      availableAt: now,
      attempts: 2,
      lastError: "e",
      sentAt: now,
      failedAt: now,
      cancelledAt: now,
    },
  });
  expect(await db().outbox.findUniqueOrThrow({ where: { key: "k-1" } })).toMatchObject({
    payload: { contactMessageId: 1 },
    subject: "contact:1",
    priority: 1,
    availableAt: now,
    attempts: 2,
    lastError: "e",
    sentAt: now,
    failedAt: now,
    cancelledAt: now,
  });
  // One row per key: the same notification cannot be owed twice.
  await expect(
    db().outbox.create({ data: { key: "k-1", queue: "email", kind: "contact-notification", payload: {} } }),
  ).rejects.toThrow();

  await db().emailLog.create({
    data: { to: "t@x.co", subject: "s", kind: "k", status: "failed", providerId: "p", error: "e", relatedKey: "r" },
  });
  expect(await db().emailLog.findFirstOrThrow({ where: { relatedKey: "r" } })).toMatchObject({
    status: "failed",
    error: "e",
  });

  await db().auditLog.create({
    data: {
      actorId: user.id,
      actorEmail: user.email,
      action: "user.role_changed",
      targetType: "user",
      targetId: "7",
      details: { from: "customer", to: "admin" },
    },
  });
  expect(await db().auditLog.findFirstOrThrow({ where: { targetId: "7" }, include: { actor: true } })).toMatchObject({
    action: "user.role_changed",
    details: { from: "customer", to: "admin" },
    actor: { email: user.email },
  });

  await db().closure.create({
    data: { date: "2031-03-12", reason: "Staff training", addedById: user.id, createdAt: now, removedAt: now },
  });
  await db().closure.create({ data: { date: "2031-11-27", reason: "Thanksgiving", holiday: true } });
  expect(
    await db().closure.findUniqueOrThrow({ where: { date: "2031-03-12" }, include: { addedBy: true } }),
  ).toMatchObject({
    reason: "Staff training",
    holiday: false,
    createdAt: now,
    removedAt: now,
    addedBy: { id: user.id },
  });
  expect(await db().closure.findUniqueOrThrow({ where: { date: "2031-11-27" } })).toMatchObject({
    holiday: true,
    addedById: null,
    removedAt: null,
  });
  // One closure a day, and only real calendar days written as YYYY-MM-DD.
  await expect(db().closure.create({ data: { date: "2031-11-27", reason: "again" } })).rejects.toThrow();
  for (const date of ["2031-3-12", "2031-02-30", "Thanksgiving"])
    await expect(db().closure.create({ data: { date, reason: "bad" } }), date).rejects.toThrow();

  // The price book: whole cents from 0 to $10,000,000.00, a name that is not blank (docs/product.md#price-book).
  const item = await db().priceBookItem.create({
    data: { name: "Labor", description: "Electrician's time", unitPriceCents: 11_500, unit: "hour", taxable: false },
  });
  expect(await db().priceBookItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({
    name: "Labor",
    description: "Electrician's time",
    unitPriceCents: 11_500,
    unit: "hour",
    taxable: false,
    active: true,
  });
  expect(await db().priceBookItem.create({ data: { name: "Service call", unitPriceCents: 0 } })).toMatchObject({
    unit: "each",
    taxable: true,
    active: true,
    description: null,
  });
  await db().priceBookItem.update({ where: { id: item.id }, data: { active: false, unitPriceCents: 1_000_000_000 } });
  for (const data of [
    { name: "Negative", unitPriceCents: -1 },
    { name: "Too much", unitPriceCents: 1_000_000_001 },
    { name: "  ", unitPriceCents: 100 },
  ])
    await expect(db().priceBookItem.create({ data }), data.name).rejects.toThrow();

  // The settings: one row (id 1), the sales-tax rate in parts per million from 0 to 100 %.
  await db().businessSetting.create({ data: { salesTaxRatePpm: 94_500, updatedById: user.id } });
  expect(
    await db().businessSetting.findUniqueOrThrow({ where: { id: 1 }, include: { updatedBy: true } }),
  ).toMatchObject({ salesTaxRatePpm: 94_500, updatedBy: { id: user.id } });
  await expect(db().businessSetting.create({ data: { id: 2 } })).rejects.toThrow();
  for (const salesTaxRatePpm of [-1, 1_000_001])
    await expect(
      db().businessSetting.update({ where: { id: 1 }, data: { salesTaxRatePpm } }),
      String(salesTaxRatePpm),
    ).rejects.toThrow();
  // The job record of a visit: notes and checked items, photos (one per upload key), items in cents.
  const visit = await db().booking.create({
    data: { customerId: customer.id, summary: "Panel Upgrade", scheduledDate: new Date("2031-05-01T15:00:00Z") },
  });
  await db().jobRecord.create({
    data: {
      bookingId: visit.id,
      notes: "Old panel had double taps",
      checklist: ["permit-posted"],
      updatedById: user.id,
    },
  });
  expect(await db().jobRecord.findUniqueOrThrow({ where: { bookingId: visit.id } })).toMatchObject({
    notes: "Old panel had double taps",
    checklist: ["permit-posted"],
    updatedById: user.id,
  });
  const photo = {
    bookingId: visit.id,
    storageKey: `jobs/${visit.id}/a.jpg`,
    contentType: "image/jpeg",
    bytes: 1234,
    width: 2048,
    height: 1536,
    uploadKey: "key-1",
    uploadedById: user.id,
    createdAt: now,
  };
  await db().jobPhoto.create({ data: photo });
  expect(
    await db().jobPhoto.findUniqueOrThrow({
      where: { bookingId_uploadKey: { bookingId: visit.id, uploadKey: "key-1" } },
    }),
  ).toMatchObject(photo);
  await expect(db().jobPhoto.create({ data: { ...photo, storageKey: "jobs/other.jpg" } })).rejects.toThrow();
  const jobItem = await db().jobItem.create({
    data: {
      bookingId: visit.id,
      priceBookItemId: null,
      description: "GFCI outlet",
      quantityHundredths: 100,
      unitPriceCents: 16_500,
      taxable: true,
      addedById: user.id,
      createdAt: now,
    },
  });
  expect(await db().jobItem.findUniqueOrThrow({ where: { id: jobItem.id } })).toMatchObject({
    description: "GFCI outlet",
    quantityHundredths: 100,
    unitPriceCents: 16_500,
    createdAt: now,
  });
  await expect(
    db().jobItem.create({ data: { bookingId: visit.id, description: " ", quantityHundredths: 1, unitPriceCents: 1 } }),
  ).rejects.toThrow();
  await expect(
    db().jobItem.create({ data: { bookingId: visit.id, description: "x", quantityHundredths: 0, unitPriceCents: 1 } }),
  ).rejects.toThrow();
  // A visit deleted takes its record with it.
  await db().booking.delete({ where: { id: visit.id } });
  expect(await db().jobPhoto.count({ where: { bookingId: visit.id } })).toBe(0);
  expect(await db().jobRecord.count({ where: { bookingId: visit.id } })).toBe(0);

  // Case-insensitive uniqueness relies on lower-cased storage; the unique index must hold.
  await expect(
    db().user.create({ data: { firstName: "x", lastName: "y", email: "ann@example.com", passwordHash: "h" } }),
  ).rejects.toThrow();
});

it("writes and reads estimates, numbered by the database without gaps", async () => {
  const now = new Date("2026-11-20T15:30:00.000Z");
  const user = await db().user.create({
    data: { firstName: "Eve", lastName: "Stone", email: "eve@example.com", passwordHash: "h", role: "admin" },
  });
  const customer = await db().customer.create({
    data: { name: "Ray Lee", email: "ray@example.com", phone: "225-555-0111" },
  });
  const booking = await db().booking.create({
    data: { customerId: customer.id, summary: "Panel upgrade", scheduledDate: now },
  });
  const item = await db().priceBookItem.create({ data: { name: "200 A panel", unitPriceCents: 180_000 } });
  const estimate = await db().estimate.create({
    data: {
      bookingId: booking.id,
      customerId: customer.id,
      depositPercent: 25,
      taxRatePpm: 94_500,
      createdById: user.id,
      sentAt: now,
      tokenHash: "e1",
      sealedToken: "s",
      tokenExpiresAt: now,
      options: {
        create: {
          position: 1,
          name: "Good",
          discountCents: 100,
          subtotalCents: 180_000,
          taxCents: 16_901,
          totalCents: 196_801,
          depositCents: 49_200,
          lines: {
            create: {
              position: 1,
              priceBookItemId: item.id,
              description: "200 A panel",
              quantityHundredths: 100,
              unitPriceCents: 180_000,
              taxable: true,
              totalCents: 180_000,
            },
          },
        },
      },
    },
    include: { options: { include: { lines: true } } },
  });
  const year = new Date().getFullYear();
  expect(estimate.number).toMatch(new RegExp(`^EST-(${year}|${year - 1}|${year + 1})-\\d{4}$`));
  const option = estimate.options[0]!;
  await db().estimate.update({
    where: { id: estimate.id },
    data: {
      status: "approved",
      approvedAt: now,
      approvedOptionId: option.id,
      signatureName: "Ray Lee",
      approvedIp: "1.2.3.4",
      approvedUserAgent: "ua",
    },
  });
  expect(
    await db().estimate.findUniqueOrThrow({ where: { tokenHash: "e1" }, include: { approvedOption: true } }),
  ).toMatchObject({
    status: "approved",
    depositPercent: 25,
    taxRatePpm: 94_500,
    signatureName: "Ray Lee",
    approvedOption: { name: "Good", totalCents: 196_801, depositCents: 49_200 },
  });
  expect(await db().estimateLine.findFirstOrThrow({ where: { optionId: option.id } })).toMatchObject({
    priceBookItemId: item.id,
    quantityHundredths: 100,
  });

  const make = (tx: Pick<Db, "estimate"> = db()) =>
    tx.estimate.create({ data: { customerId: customer.id, taxRatePpm: 0 }, select: { number: true } });
  const seq = (n: string) => Number(n.slice(-4));
  const first = await make();
  // A rolled-back insert gives its number back.
  await expect(
    db().$transaction(async (tx) => {
      await make(tx);
      throw new Error("roll back");
    }),
  ).rejects.toThrow("roll back");
  const after = await make();
  expect(seq(after.number)).toBe(seq(first.number) + 1);
  // Two at once get consecutive numbers (the counter row's lock puts them in turn).
  const both = await Promise.all([make(), make()]);
  expect(both.map((b) => seq(b.number)).sort((a, b) => a - b)).toEqual([seq(after.number) + 1, seq(after.number) + 2]);
  // Past 9,999 in a year the number grows a digit (it was cut to four, and collided).
  await db().documentCounter.create({ data: { kind: "EST", year: 2031, last: 9_999 } });
  const late = (n: number) =>
    db().estimate.create({
      data: { customerId: customer.id, taxRatePpm: 0, createdAt: new Date(`2031-06-0${n}T15:00:00Z`) },
      select: { number: true },
    });
  expect((await late(1)).number).toBe("EST-2031-10000");
  expect((await late(2)).number).toBe("EST-2031-10001");

  // No negative cents, no deposit above 100 %, no approval without its option and signature.
  await expect(
    db().estimate.create({ data: { customerId: customer.id, taxRatePpm: 0, depositPercent: 101 } }),
  ).rejects.toThrow();
  await expect(
    db().estimateOption.create({
      data: {
        estimateId: estimate.id,
        position: 2,
        name: "Bad",
        subtotalCents: -1,
        taxCents: 0,
        totalCents: 0,
        depositCents: 0,
      },
    }),
  ).rejects.toThrow();
  await expect(
    db().estimate.create({ data: { customerId: customer.id, taxRatePpm: 0, status: "approved" } }),
  ).rejects.toThrow();
  // Declined: when, and why if the customer said; a declined estimate without its time, or a reason on an open one, is refused.
  const declinedAt = new Date("2026-11-21T16:00:00.000Z");
  const declined = await db().estimate.create({
    data: {
      customerId: customer.id,
      taxRatePpm: 0,
      status: "declined",
      declinedAt,
      declineReason: "other_contractor",
      declineNote: "Went with my brother-in-law",
    },
  });
  expect(await db().estimate.findUniqueOrThrow({ where: { id: declined.id } })).toMatchObject({
    declinedAt,
    declineReason: "other_contractor",
    declineNote: "Went with my brother-in-law",
  });
  await expect(
    db().estimate.create({ data: { customerId: customer.id, taxRatePpm: 0, status: "declined" } }),
  ).rejects.toThrow();
  await expect(
    db().estimate.create({ data: { customerId: customer.id, taxRatePpm: 0, status: "sent", declineReason: "price" } }),
  ).rejects.toThrow();
  await expect(
    db().estimate.create({
      data: { customerId: customer.id, taxRatePpm: 0, status: "declined", declinedAt, declineNote: "x".repeat(501) },
    }),
  ).rejects.toThrow();
});

it("writes and reads invoices, payments and checkout sessions; one live invoice a visit", async () => {
  const now = new Date("2026-11-20T15:30:00.000Z");
  const user = await db().user.create({
    data: { firstName: "Ivy", lastName: "Ross", email: "ivy@example.com", passwordHash: "h", role: "admin" },
  });
  const customer = await db().customer.create({
    data: { name: "Joe Hart", email: "joe@example.com", phone: "225-555-0122" },
  });
  const booking = await db().booking.create({
    data: { customerId: customer.id, summary: "Panel upgrade", scheduledDate: now },
  });
  const estimate = await db().estimate.create({ data: { customerId: customer.id, taxRatePpm: 0 } });
  const jobItem = await db().jobItem.create({
    data: { bookingId: booking.id, description: "GFCI outlet", quantityHundredths: 100, unitPriceCents: 16_500 },
  });
  const totals = { taxRatePpm: 94_500, subtotalCents: 196_500, taxCents: 18_569, totalCents: 215_069 };
  const invoice = await db().invoice.create({
    data: {
      bookingId: booking.id,
      estimateId: estimate.id,
      customerId: customer.id,
      ...totals,
      createdById: user.id,
      tokenHash: "i1",
      sealedToken: "s",
      lines: {
        create: [
          {
            position: 1,
            description: "200 A panel",
            quantityHundredths: 100,
            unitPriceCents: 180_000,
            taxable: true,
            totalCents: 180_000,
          },
          {
            position: 2,
            jobItemId: jobItem.id,
            description: "GFCI outlet",
            quantityHundredths: 100,
            unitPriceCents: 16_500,
            taxable: true,
            totalCents: 16_500,
          },
        ],
      },
    },
    include: { lines: { orderBy: { position: "asc" } } },
  });
  const year = new Date().getFullYear();
  expect(invoice.number).toMatch(new RegExp(`^INV-(${year}|${year - 1}|${year + 1})-\\d{4}$`));
  expect(invoice).toMatchObject({ status: "draft", paidCents: 0, ...totals });
  expect(invoice.lines.map((l) => l.jobItemId)).toEqual([null, jobItem.id]);

  // A deposit paid on the estimate, then taken over by the invoice; an online payment names its session once.
  const checkout = await db().checkoutSession.create({
    data: {
      id: "cs_test_1",
      estimateId: estimate.id,
      amountCents: 53_767,
      url: "https://pay.example/cs_test_1",
      expiresAt: now,
    },
  });
  const deposit = await db().payment.create({
    data: {
      estimateId: estimate.id,
      customerId: customer.id,
      method: "card",
      amountCents: 53_767,
      stripeSessionId: checkout.id,
      receivedAt: now,
    },
  });
  await db().payment.update({ where: { id: deposit.id }, data: { invoiceId: invoice.id } });
  await db().invoice.update({ where: { id: invoice.id }, data: { paidCents: 53_767, status: "partially_paid" } });
  expect(
    await db().invoice.findUniqueOrThrow({ where: { tokenHash: "i1" }, include: { payments: true } }),
  ).toMatchObject({
    status: "partially_paid",
    payments: [{ method: "card", amountCents: 53_767, stripeSessionId: "cs_test_1", estimateId: estimate.id }],
  });
  await expect(
    db().payment.create({
      data: {
        invoiceId: invoice.id,
        customerId: customer.id,
        method: "card",
        amountCents: 1,
        stripeSessionId: "cs_test_1",
      },
    }),
  ).rejects.toThrow();
  await db().stripeEvent.create({ data: { id: "evt_1", type: "checkout.session.completed" } });
  await expect(
    db().stripeEvent.create({ data: { id: "evt_1", type: "checkout.session.completed" } }),
  ).rejects.toThrow();

  // Refused: a payment of nothing or of no amount, a void invoice with payments, a paid one without its time,
  // a session for both an invoice and an estimate, a second live invoice of the visit.
  await expect(
    db().payment.create({ data: { customerId: customer.id, method: "cash", amountCents: 100 } }),
  ).rejects.toThrow();
  await expect(
    db().payment.create({ data: { invoiceId: invoice.id, customerId: customer.id, method: "cash", amountCents: 0 } }),
  ).rejects.toThrow();
  await expect(db().invoice.update({ where: { id: invoice.id }, data: { status: "void" } })).rejects.toThrow();
  await expect(db().invoice.update({ where: { id: invoice.id }, data: { status: "paid" } })).rejects.toThrow();
  await expect(
    db().checkoutSession.create({
      data: { id: "cs_2", invoiceId: invoice.id, estimateId: estimate.id, amountCents: 1, url: "u", expiresAt: now },
    }),
  ).rejects.toThrow();
  // A failed bank debit: its time; never both paid and failed.
  const failed = await db().checkoutSession.create({
    data: { id: "cs_3", invoiceId: invoice.id, amountCents: 1, url: "u", expiresAt: now, failedAt: now },
  });
  expect(failed.failedAt).toEqual(now);
  await expect(db().checkoutSession.update({ where: { id: failed.id }, data: { completedAt: now } })).rejects.toThrow();
  // A session a newer one superseded: when we expired it at Stripe.
  const superseded = await db().checkoutSession.create({
    data: { id: "cs_4", invoiceId: invoice.id, amountCents: 1, url: "u", expiresAt: now, expiredAt: now },
  });
  expect(superseded.expiredAt).toEqual(now);
  // An overpayment's part to refund: within the payment's amount.
  const over = await db().payment.create({
    data: { invoiceId: invoice.id, customerId: customer.id, method: "card", amountCents: 500, refundDueCents: 200 },
  });
  expect(await db().payment.findUniqueOrThrow({ where: { id: over.id } })).toMatchObject({ refundDueCents: 200 });
  expect(
    (
      await db().payment.create({
        data: { invoiceId: invoice.id, customerId: customer.id, method: "cash", amountCents: 1 },
      })
    ).refundDueCents,
  ).toBe(0);
  for (const refundDueCents of [-1, 501])
    await expect(db().payment.update({ where: { id: over.id }, data: { refundDueCents } })).rejects.toThrow();
  const again = {
    bookingId: booking.id,
    customerId: customer.id,
    taxRatePpm: 0,
    subtotalCents: 0,
    taxCents: 0,
    totalCents: 0,
  };
  await expect(db().invoice.create({ data: again })).rejects.toThrow();
  // A void one does not count.
  const other = await db().invoice.create({ data: { ...again, bookingId: null } });
  await db().invoice.update({
    where: { id: other.id },
    data: { status: "void", voidedAt: now, bookingId: booking.id },
  });
  expect(Number(other.number.slice(-4))).toBe(Number(invoice.number.slice(-4)) + 1);
});

it("writes and reads a member's discount on estimates and invoices (migration 20261206090100_member_discount)", async () => {
  const customer = await db().customer.create({
    data: { name: "Mae Guidry", email: "mae@example.com", phone: "225-555-0133" },
  });
  const member = { memberPlanName: "Generator Care", memberDiscountPercent: 10 };
  const option = {
    position: 1,
    name: "Repair",
    discountCents: 1_000,
    memberDiscountCents: 5_775,
    subtotalCents: 57_749,
    taxCents: 3_189,
    totalCents: 48_163,
    depositCents: 0,
  };
  const estimate = await db().estimate.create({
    data: { customerId: customer.id, taxRatePpm: 94_500, ...member, options: { create: option } },
    include: { options: true },
  });
  expect(
    await db().estimate.findUniqueOrThrow({ where: { id: estimate.id }, include: { options: true } }),
  ).toMatchObject({ ...member, options: [{ memberDiscountCents: 5_775, discountCents: 1_000 }] });
  // None by default: no plan, no percent, no cents.
  const plain = await db().estimate.create({
    data: {
      customerId: customer.id,
      taxRatePpm: 0,
      options: { create: { ...option, memberDiscountCents: undefined } },
    },
    include: { options: true },
  });
  expect(plain).toMatchObject({
    memberPlanName: null,
    memberDiscountPercent: null,
    options: [{ memberDiscountCents: 0 }],
  });
  const invoiceTotals = { taxRatePpm: 94_500, subtotalCents: 57_749, taxCents: 3_189, totalCents: 48_163 };
  const invoice = await db().invoice.create({
    data: { customerId: customer.id, ...invoiceTotals, discountCents: 1_000, ...member, memberDiscountCents: 5_775 },
  });
  expect(await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({
    ...member,
    memberDiscountCents: 5_775,
    discountCents: 1_000,
  });
  expect(await db().invoice.create({ data: { customerId: customer.id, ...invoiceTotals } })).toMatchObject({
    memberPlanName: null,
    memberDiscountPercent: null,
    memberDiscountCents: 0,
  });
  // The plan and the percent go together; a percent within 1–100; cents within the subtotal, and none without a plan.
  for (const bad of [
    { memberPlanName: "Generator Care" },
    { memberDiscountPercent: 10 },
    { ...member, memberDiscountPercent: 0 },
    { ...member, memberDiscountPercent: 101 },
  ]) {
    await expect(db().estimate.create({ data: { customerId: customer.id, taxRatePpm: 0, ...bad } })).rejects.toThrow();
    await expect(
      db().invoice.create({ data: { customerId: customer.id, ...invoiceTotals, ...bad } }),
    ).rejects.toThrow();
  }
  for (const memberDiscountCents of [-1, 57_750])
    await expect(
      db().estimateOption.create({ data: { ...option, estimateId: estimate.id, position: 2, memberDiscountCents } }),
    ).rejects.toThrow();
  for (const bad of [
    { ...member, memberDiscountCents: -1 },
    { ...member, memberDiscountCents: 57_750 },
    { memberDiscountCents: 100 },
  ])
    await expect(
      db().invoice.create({ data: { customerId: customer.id, ...invoiceTotals, ...bad } }),
    ).rejects.toThrow();
});

it("records the migration history as prisma migrate deploy does", async () => {
  const rows = await db().$queryRawUnsafe<
    Array<{ migration_name: string; finished_at: Date | null; applied_steps_count: number; checksum: string }>
  >(`select migration_name, finished_at, applied_steps_count, checksum from "_prisma_migrations"`);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row.finished_at).not.toBeNull();
    expect(row.applied_steps_count).toBe(1);
    expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
  }
});

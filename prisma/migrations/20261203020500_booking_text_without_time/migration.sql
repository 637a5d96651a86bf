-- A request's booking no longer carries its time as text (docs/product.md#a-booking). The chat, the
-- portal and Book online wrote one line of the booking's details from the time asked for ("Arrival
-- window: Monday, Nov 30, between 8 AM and 10 AM", "Requested slot: 2026-12-02 09:00", "No date chosen:
-- placed on the next business morning."), which stayed when staff moved or placed the visit, under
-- the true time. The staff pages and the technician's day now show the time from "scheduledDate" and
-- "durationMinutes"; this takes the generated line out of the bookings written before. What was asked
-- for is not lost: the appointment request keeps it ("requestedDate").
--
-- Only the generated line: it stands between the request's own lines and "Phone: …", in bookings that
-- came from those forms (their details start "Requested through "); the visitor's description comes
-- after the phone and is left as it was. "updatedAt" is Prisma's and is not touched (the details are
-- not a change anyone made). Running it again changes nothing.
UPDATE "Booking"
   SET details = regexp_replace(
         details,
         E'\\n(Arrival window: [^\\n]*|Requested slot: [^\\n]*|No date chosen: placed on the next business morning\\.)(\\nPhone: )',
         E'\\2')
 WHERE source IN ('chat', 'portal', 'online')
   AND details LIKE 'Requested through %'
   AND details ~ E'\\n(Arrival window: [^\\n]*|Requested slot: [^\\n]*|No date chosen: placed on the next business morning\\.)\\nPhone: ';

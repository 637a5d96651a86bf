-- Staff dismiss (acknowledge) an emergency lead's alert on the dashboard (docs/product.md#dashboard): it
-- leaves the open emergencies for everyone, and stays in the inbox until handled. Who dismissed it is in the
-- audit log ("lead.emergency_acknowledged").
ALTER TABLE "ContactMessage" ADD COLUMN "emergencyAcknowledgedAt" TIMESTAMP(3);
ALTER TABLE "ChatSession" ADD COLUMN "emergencyAcknowledgedAt" TIMESTAMP(3);

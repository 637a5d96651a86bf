/**
 * The fixed choices of the staff side: account roles and booking priorities
 * and statuses, in the order pages list them. Zod-free, so pages can import
 * them cheaply; the API schemas (./admin.ts) are built from the same lists.
 */
export const roles = ["customer", "technician", "admin"] as const;
export const bookingPriorities = ["low", "medium", "high", "emergency"] as const;
export const bookingStatuses = ["pending", "in_progress", "completed", "cancelled"] as const;

/** Realtime names shared by web (socket.io server) and worker (emitter): docs/product.md#realtime-events. */
export const realtimeKey = (prefix: string) => `${prefix}:socket.io`;
export const chatRoom = (sessionId: string) => `chat:${sessionId}`;
export const ADMIN_ROOM = "admins";
/** Every signed-in socket of one user, so a role change or a password reset reaches them wherever they are connected. */
export const userRoom = (userId: number) => `user:${userId}`;
/** Every socket opened with one session, so signing out disconnects them. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** Realtime names shared by web (socket.io server) and worker (emitter). DESIGN.md §5. */
export const realtimeKey = (prefix: string) => `${prefix}:socket.io`;
export const chatRoom = (sessionId: string) => `chat:${sessionId}`;
export const ADMIN_ROOM = "admins";

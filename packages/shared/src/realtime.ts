/** Realtime names shared by web (socket.io server) and worker (emitter). DESIGN.md §5. */
export const realtimeKey = (prefix: string) => `${prefix}:socket.io`;
export const chatRoom = (sessionId: string) => `chat:${sessionId}`;
export const ADMIN_ROOM = "admins";
/** Every staff socket of one user, so they can be taken out of the admins room wherever they are connected. */
export const userRoom = (userId: number) => `user:${userId}`;
/** Every staff socket opened with one session, so signing out takes them out of the admins room. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

import type { Server } from "node:http";
import type { Socket } from "node:net";

/**
 * The web server's open connections, for draining on shutdown.
 *
 * Node's `closeIdleConnections()` counts a connection as idle until Node has
 * read its request, so under load it can close one whose request has already
 * arrived and is waiting to be read: the client sees a reset, and a visitor's
 * form post is lost. Here a connection is idle only once it has answered a
 * request and has none in progress; a connection that has not sent a request
 * yet is given `graceMs` to do so.
 */
export function trackConnections(server: Server) {
  const open = new Map<Socket, { active: number; served: boolean; openedAt: number }>();
  server.on("connection", (socket: Socket) => {
    open.set(socket, { active: 0, served: false, openedAt: Date.now() });
    socket.once("close", () => open.delete(socket));
  });
  server.on("request", (req, res) => {
    const state = open.get(req.socket);
    if (!state) return;
    state.active++;
    state.served = true;
    res.once("close", () => {
      state.active--;
    });
  });
  return {
    /** Closes the connections with nothing in progress (those that never sent a request, after `graceMs`). */
    closeIdle(graceMs: number) {
      const now = Date.now();
      for (const [socket, state] of open) {
        if (state.active > 0) continue;
        if (state.served || now - state.openedAt >= graceMs) socket.destroy();
      }
    },
  };
}

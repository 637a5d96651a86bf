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
  let lastConnectionAt = 0;
  server.on("connection", (socket: Socket) => {
    lastConnectionAt = Date.now();
    open.set(socket, { active: 0, served: false, openedAt: lastConnectionAt });
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
    /**
     * Resolves once no connection has arrived for `quietMs` (at most `maxMs`).
     * Connections still waiting in the kernel's accept queue when the listener
     * closes are reset by the kernel, not refused; libuv accepts every waiting
     * connection each time the event loop polls, so a quiet spell of a few loop
     * turns means the queue is empty and closing the listener refuses only what
     * comes later (which the load balancer, told by /readyz, no longer sends).
     */
    async quiet(quietMs: number, maxMs: number) {
      const deadline = Date.now() + maxMs;
      // At least one turn first: the poll that accepts what is waiting runs between two timers.
      do {
        await new Promise((resolve) => setTimeout(resolve, Math.min(quietMs, 25)));
      } while (Date.now() < deadline && Date.now() - lastConnectionAt < quietMs);
    },
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

import type { Server } from "node:http";
import type { Socket } from "node:net";

/**
 * The web server's open connections, for draining on shutdown without
 * resetting a request that reached us. Three things measured under load
 * (tests/integration/faults.test.ts) shape it:
 *
 * - Node's `closeIdleConnections()` counts a connection as idle until Node has
 *   read its request, so under load it closes one whose request has already
 *   arrived and waits to be read: the client sees a reset, and a visitor's
 *   form post is lost. `http.Server.close()` calls it, and so does socket.io's
 *   `close()`. Here it is replaced: a connection is idle only once it has
 *   answered a request and has none in progress; one that has not sent a
 *   request yet is given `firstRequestGraceMs` to do so.
 * - libuv accepts at most one waiting connection per turn of the event loop,
 *   so a busy process can leave connections in the kernel's accept queue for
 *   seconds, and closing the listener resets them. `closeListener` closes it
 *   only right after a poll that found nothing to accept.
 */
export function trackConnections(server: Server, { firstRequestGraceMs }: { firstRequestGraceMs: number }) {
  const open = new Map<Socket, { active: number; served: boolean; openedAt: number }>();
  let lastConnectionAt = 0;
  let accepted = 0;
  server.on("connection", (socket: Socket) => {
    accepted++;
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

  /** Closes the connections with nothing in progress (those that never sent a request, after the grace). */
  const closeIdle = () => {
    const now = Date.now();
    for (const [socket, state] of open) {
      if (state.active > 0) continue;
      if (state.served || now - state.openedAt >= firstRequestGraceMs) socket.destroy();
    }
  };
  server.closeIdleConnections = closeIdle;

  return {
    closeIdle,
    /**
     * Stops accepting connections once none is waiting, and returns `closed`,
     * which resolves when every accepted connection has closed. It waits until
     * no connection has been accepted for `quietMs` (at most `maxMs`), then for
     * a turn of the event loop whose poll accepted nothing, and closes the
     * listener in that same turn. What arrives later is refused, which the load
     * balancer, told by /readyz, no longer sends.
     */
    async closeListener(quietMs: number, maxMs: number): Promise<{ closed: Promise<void> }> {
      const deadline = Date.now() + maxMs;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(quietMs, 25)));
        if (Date.now() < deadline && Date.now() - lastConnectionAt < quietMs) continue;
        // Scheduled from a timer, an immediate runs after this turn's poll, where a waiting connection is accepted.
        const before = accepted;
        await new Promise((resolve) => setImmediate(resolve));
        if (accepted === before || Date.now() >= deadline) break;
      }
      return { closed: new Promise<void>((resolve) => server.close(() => resolve())) };
    },
  };
}

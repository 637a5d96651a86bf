import type { QueueEvents } from "bullmq";
import type { Db } from "@app/shared/db.server";
import type { Env } from "@app/shared/env.server";
import type { Logger } from "@app/shared/logger.server";
import type { Queues } from "@app/shared/queues.server";
import type { Redis } from "@app/shared/redis.server";

/**
 * The Remix load context: what the web server (web/server/app.ts) hands every loader and action.
 * The app declares here what it needs, and the server provides it: the server may import these
 * types, and nothing else of web/app; web/app imports nothing of web/server
 * (docs/decisions/017-walls-between-layers.md).
 */
declare module "@remix-run/node" {
  interface AppLoadContext {
    services: Services;
    requestId: string;
    cspNonce: string;
    clientIp: string;
    /** What rate limits count this client under: its IPv4 address or its IPv6 /64 (see @app/shared/network.server). */
    clientNetwork: string;
    logger: Logger;
    /** Set when this page may be kept and served as a static file (web/server/page-cache.ts). */
    pageCache?: PageCacheSlot;
    /** The built site script of public pages without the app's scripts; absent in development. */
    siteScripts?: SiteScripts;
  }
}

/**
 * The browser module a public page without the app's scripts runs
 * (docs/decisions/025-public-pages-without-app-scripts.md): the site's own script (web/app/entry.site.ts:
 * header menus, chat launcher), by its address in the client build.
 */
export interface SiteScripts {
  site: string;
}

/** Everything a request handler may use, created once per process by web/server/services.ts. */
export interface Services {
  env: Env;
  logger: Logger;
  db: Db;
  redis: Redis;
  queues: Queues;
  rateLimits: RateLimits;
  /** Completion events of chat jobs, so the HTTP chat call can answer with the reply. */
  chatEvents: QueueEvents;
  /** Publishes a socket.io event to a chat conversation's room (every web process delivers it). */
  emitToChat: (sessionId: string, event: string, payload: unknown) => void;
  /** Publishes a socket.io event to a room, e.g. ADMIN_ROOM. */
  emitToRoom: (room: string, event: string, payload: unknown) => void;
  /**
   * Takes a user's open sockets (or one session's) out of the admins room on
   * every web process: after a role change away from admin, a password reset
   * or a sign-out, they hear no more staff events.
   */
  revokeStaffSockets: (who: { userId: number } | { sessionId: string }) => void;
  /**
   * Disconnects a user's open sockets (or one session's) on every web process:
   * their session ended (sign-out, password reset), so nothing more reaches them.
   */
  disconnectSockets: (who: { userId: number } | { sessionId: string }) => void;
  emitterRedis: Redis;
}

/**
 * The rate limits, by name; web/server/rate-limits.ts sizes each one (and must size every one named
 * here) and keeps the counts in Redis, shared by every web process.
 */
export type RateLimitName =
  | "contactPerIp"
  | "loginFailPerAccount"
  | "loginFailPerDevice"
  | "loginFailPerNetwork"
  | "registerPerIp"
  | "resetPerIp"
  | "chatPerIp"
  | "chatPerSession"
  | "chatSessionPerIp"
  | "chatReadPerIp"
  | "bookAppointmentPerIp"
  | "availabilityPerIp"
  | "manageVisitPerIp"
  | "visitorEmailPerRecipient";

export interface RateLimits {
  /** Consumes points (1 unless said); returns the seconds to wait when the limit is reached, else null. */
  consume(name: RateLimitName, key: string, points?: number): Promise<number | null>;
  /** Gives back points taken by `consume` (for an attempt that turned out not to count). Best effort. */
  giveBack(name: RateLimitName, key: string, points?: number): Promise<void>;
  /** Forgets a key's count and any block on it. Best effort. */
  clear(name: RateLimitName, key: string): Promise<void>;
}

/** Who a page is rendered for: a visitor, or the signed-in user's role (web/app/utils/kept-page.ts). */
export type Viewer = "visitor" | "customer" | "technician" | "admin";

/** What the document renderer (entry.server.tsx) gets for a request whose page may be kept (web/server/page-cache.ts). */
export interface PageCacheSlot {
  /**
   * Keeps the page rendered for `viewer`, when it may be kept (a 200 without `Set-Cookie`), and
   * returns the bytes to send instead of `html` (the nonce taken out), having set the headers
   * (the hashed CSP) on `headers`; null when the page is not kept.
   */
  keep(status: number, headers: Headers, html: Buffer, viewer: Viewer): Buffer<ArrayBuffer> | null;
}

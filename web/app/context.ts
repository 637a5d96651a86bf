import type { Logger } from "@app/shared/logger";
import type { PageCacheSlot } from "../server/page-cache";
import type { Services } from "../server/services";

declare module "@remix-run/node" {
  interface AppLoadContext {
    services: Services;
    requestId: string;
    cspNonce: string;
    clientIp: string;
    /** What rate limits count this client under: its IPv4 address or its IPv6 /64 (see @app/shared/network). */
    clientNetwork: string;
    logger: Logger;
    /** Set when this page may be kept and served as a static file (web/server/page-cache.ts). */
    pageCache?: PageCacheSlot;
  }
}

export {};

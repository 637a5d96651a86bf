import type { Logger } from "@app/shared/logger";
import type { Services } from "../server/services";

declare module "@remix-run/node" {
  interface AppLoadContext {
    services: Services;
    requestId: string;
    cspNonce: string;
    clientIp: string;
    logger: Logger;
  }
}

export {};

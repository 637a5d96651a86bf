import { tokenSealKeys } from "@app/shared/keys.server";
import { unsealToken } from "@app/shared/tokens.server";
import type { WorkerContext } from "./worker-context";

/**
 * A link's token from its seal (the database keeps only its hash and the seal,
 * packages/shared/src/tokens.server.ts), under any of the configured SESSION_SECRETs; null when
 * there is none or none of them opens it.
 */
export function openSealedToken(ctx: WorkerContext, sealed: string | null): string | null {
  return sealed ? unsealToken(sealed, tokenSealKeys(ctx.env)) : null;
}

import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

/**
 * The root loader's data as the site frame reads it. The type is imported
 * only (no runtime import of root.tsx), so the frame never forms an import
 * cycle with the root route.
 */
function useRootLoaderData() {
  return useRouteLoaderData<typeof rootLoader>("root");
}

/** The signed-in user rendered by the server, or null: no client-side auth check, so no flash. */
export function useSessionUser() {
  return useRootLoaderData()?.user ?? null;
}

/** The public origin (APP_URL), for canonical and structured-data URLs. */
export function useAppUrl(): string | undefined {
  return useRootLoaderData()?.appUrl;
}

/** Texts are set up (docs/product.md#texts): forms that take a phone offer their texts box. */
export function useTexting(): boolean {
  return useRootLoaderData()?.texting ?? false;
}

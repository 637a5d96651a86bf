import { useRouteLoaderData } from "@remix-run/react";
import { createContext, useContext, useMemo } from "react";
import { business, createBusinessFacts, type BusinessFacts, type BusinessOverrides } from "@app/shared/business";

/** The part of the root loader's data this module reads (web/app/root.tsx); the overrides come by BusinessOverridesProvider. */
interface RootBusinessData {
  /** The business's year (Baton Rouge time), from the clock module on the server. */
  year?: number;
}

const OverridesContext = createContext<BusinessOverrides | undefined>(undefined);
/**
 * Hands the root loader's overrides to the page (web/app/root.tsx). A component rendered outside
 * the app (the chat on a page without the app's scripts) has none, and reads `business`, which
 * the page's BusinessFactsScript configured.
 */
export const BusinessOverridesProvider = OverridesContext.Provider;

/** The overrides the root loader sent (the BUSINESS_* values of the server's parsed environment), if it ran. */
export function useBusinessOverrides(): BusinessOverrides | undefined {
  return useContext(OverridesContext);
}

/**
 * The business facts for a React component: built from the root loader's
 * overrides, so the server's render and the browser's hydration read the same
 * values. Falls back to `business` when the root loader did not run (an error
 * page), which the server configured and the page handed to the browser.
 */
export function useBusinessFacts(): BusinessFacts {
  const overrides = useBusinessOverrides();
  return useMemo(() => (overrides ? createBusinessFacts(overrides) : business), [overrides]);
}

/**
 * The year it is in Baton Rouge, as the root loader read it from the one clock
 * (`businessYear`, packages/shared/src/time.ts), so the footer and the about
 * page say what the page cache counts, without the clock's code in every page's
 * JavaScript. An error page whose root loader did not run falls back to the UTC year.
 */
export function useBusinessYear(): number {
  return useRouteLoaderData<RootBusinessData>("root")?.year ?? new Date().getUTCFullYear();
}

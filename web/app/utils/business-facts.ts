import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { business, createBusinessFacts, type BusinessFacts, type BusinessOverrides } from "@app/shared/business";

/** The part of the root loader's data that carries the business-fact overrides (web/app/root.tsx). */
interface RootBusinessData {
  business?: BusinessOverrides;
}

/** The overrides the root loader sent (the BUSINESS_* values of the server's parsed environment), if it ran. */
export function useBusinessOverrides(): BusinessOverrides | undefined {
  return useRouteLoaderData<RootBusinessData>("root")?.business;
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

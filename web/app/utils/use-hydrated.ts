import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False during the server render and while hydrating, true once React has hydrated (and on later mounts). */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

import { useEffect, useRef } from "react";

/**
 * A ref holding the latest `value`, for event handlers, timers and effects to
 * read (never the render itself). It is updated after each commit, in an
 * effect declared before the caller's own, so those effects see this render's
 * value too.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

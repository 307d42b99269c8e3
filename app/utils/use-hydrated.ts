import { useEffect, useState } from "react";

let hydrated = false;

/**
 * False in the server's HTML and on the first client render, true afterwards: controls that need
 * JavaScript appear only once it runs, so a page without it never shows a dead button.
 */
export function useHydrated() {
  const [isHydrated, setHydrated] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setHydrated(true);
  }, []);
  return isHydrated;
}

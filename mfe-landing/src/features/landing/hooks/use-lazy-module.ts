import { useEffect, useState } from 'react';

/**
 * A module from a chunk of its own, loaded only when `load` is given: the page renders without it and uses it
 * once it arrives. Without React's lazy and Suspense, whose code the page's first load would carry
 * (docs/decisions/0001-preact-customer-page.md). A chunk that fails to load leaves the page as it is.
 */
export function useLazyModule<M>(load: (() => Promise<M>) | null): M | null {
  const [module, setModule] = useState<M | null>(null);
  const wanted = load !== null;
  useEffect(() => {
    if (!load) return;
    let current = true;
    load().then(
      (loaded) => current && setModule(() => loaded),
      (error: unknown) => console.error(error),
    );
    return () => {
      current = false;
    };
    // Loaded once when wanted; a new function for the same chunk must not load it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);
  return module;
}

/**
 * A route loads the client runtime when its `handle` sets `hydrate: true` (app/root.tsx). The
 * client build and the lint rule both read that from the route's source.
 * @param {string} source
 */
export function setsHydrate(source) {
  return /\bhydrate:\s*true\b/.test(source);
}

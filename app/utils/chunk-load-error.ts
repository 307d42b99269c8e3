// Product rules: Errors: a script chunk that fails to load shows a load error, not a blank page.
// Browsers word a failed dynamic import differently; these are the messages they use.
const CHUNK_LOAD_MESSAGES = [
  "Failed to fetch dynamically imported module",
  "error loading dynamically imported module",
  "Importing a module script failed",
  "Loading chunk",
  "ChunkLoadError",
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const text = `${error.name} ${error.message}`;
  return CHUNK_LOAD_MESSAGES.some((message) => text.includes(message));
}

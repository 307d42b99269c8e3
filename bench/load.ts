// What both benches share: a browser's request headers, the closed-loop load and percentiles.

/** Headers like Chrome's, without Do Not Track or Global Privacy Control. */
export const BROWSER_HEADERS = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8",
  "Accept-Encoding": "gzip, deflate, br",
  "Accept-Language": "en-US,en;q=0.9",
};

export type LoadTarget = { url: string; cookie?: string; latencies: number[]; requests: number; errors: number; elapsedMs: number };

/** `concurrency` loops of request-then-read-the-whole-body for `durationMs`; anything but a 200 is an error. */
export async function load(
  target: LoadTarget,
  { durationMs, concurrency, timeoutMs }: { durationMs: number; concurrency: number; timeoutMs: number },
) {
  const started = performance.now();
  const deadline = started + durationMs;
  const headers = target.cookie ? { ...BROWSER_HEADERS, Cookie: target.cookie } : BROWSER_HEADERS;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        try {
          const response = await fetch(target.url, { headers, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(String(response.status));
          target.latencies.push(performance.now() - sent);
          target.requests += 1;
        } catch {
          target.errors += 1;
        }
      }
    }),
  );
  target.elapsedMs += performance.now() - started;
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/** Columns padded to their widest cell: the first left-aligned, the figures right-aligned. */
export function printTable(header: string[], rows: string[][]) {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

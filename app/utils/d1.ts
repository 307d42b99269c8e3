/** D1 refuses statements with more than 100 bound parameters. */
const D1_MAX_BOUND_PARAMETERS = 100;

/** Splits rows so that each multi-row INSERT stays within D1's bound-parameter limit. */
export function chunkForD1<T>(rows: T[], parametersPerRow: number): T[][] {
  const size = Math.max(1, Math.floor(D1_MAX_BOUND_PARAMETERS / parametersPerRow));
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}

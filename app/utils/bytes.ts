/**
 * A stream read whole, or null once it grows past `limit` bytes (whatever its sender claimed).
 * Past the limit, the rest is read and dropped up to `drainUpTo` bytes in all before giving up:
 * a browser still uploading a form shows a connection error, not the answer, when it is cut off.
 */
export async function readAtMost(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  { drainUpTo = limit }: { drainUpTo?: number } = {},
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await drain(reader, drainUpTo - size);
      return null;
    }
    chunks.push(value);
  }
  return joinBytes(chunks);
}

/** Reads a stream to its end and drops it; cancels it instead once more than `upTo` bytes came. */
export async function drain(source: ReadableStream<Uint8Array> | ReadableStreamDefaultReader<Uint8Array>, upTo: number) {
  const reader = "getReader" in source ? source.getReader() : source;
  let left = upTo;
  for (;;) {
    if (left < 0) return void (await reader.cancel());
    const { done, value } = await reader.read();
    if (done) return;
    left -= value.byteLength;
  }
}

export function joinBytes(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}

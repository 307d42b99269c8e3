// A text reader whose models fail the first time they are given each image, then read it: our
// reader's own HTTP API (app/text-reader/server.ts) in front of a stand-in for its models that
// passes each image, the second time, to the real reader at `readerUrl`. What the Worker meets when
// a model crashes on a photo and the next try succeeds.
import { createHash } from "node:crypto";
import type { Reading } from "../../app/text-reader/read-text";
import { NotAnImageError } from "../../app/text-reader/reader";
import { startTextReader, type TextReaderServer } from "../../app/text-reader/server";

export function startFailingOnceReader({ port, readerUrl }: { port: number; readerUrl: string }): Promise<TextReaderServer> {
  const failed = new Set<string>();
  return startTextReader({
    port,
    reader: {
      load: async () => {},
      async read(image) {
        const key = createHash("sha256").update(image).digest("hex");
        if (!failed.has(key)) {
          failed.add(key);
          throw new Error("the recognition model stopped");
        }
        const response = await fetch(`${readerUrl}/read`, {
          method: "POST",
          headers: { "Content-Type": "application/octet-stream" },
          body: new Uint8Array(image),
        });
        if (response.status === 400) throw new NotAnImageError();
        if (!response.ok) throw new Error(`the text reader answered ${response.status}`);
        return (await response.json()) as Reading;
      },
    },
  });
}

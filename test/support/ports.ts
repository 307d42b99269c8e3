import { createServer } from "node:net";

/** Ports a developer's `npm start` uses: tests and benchmarks must never take them. */
const RESERVED_PORTS = new Set([8787, 8790]);

/** Asks the kernel for a free port on 127.0.0.1 (there is a small window before the caller binds it). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        const chosen = typeof address === "object" && address ? address.port : 0;
        server.close(() => resolve(chosen));
      });
    });
    if (port && !RESERVED_PORTS.has(port)) return port;
  }
}

/** True when nothing listens on 127.0.0.1:port. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

// Our text reader (app/text-reader/) as a Cloudflare Container (decision 0057): a Durable Object
// class that starts the container on its first request, forwards requests to its port and stops
// it after a while without one. The Worker exports it (app/worker.ts); wrangler.toml's
// [[env.production.containers]] names its image.
import { Container } from "@cloudflare/containers";

export class TextReaderContainer extends Container {
  // app/text-reader/main.ts listens on PORT, 8080 by default.
  defaultPort = 8080;
  // A reader asleep takes a few seconds to start: photos arrive in bursts (a digest, a person's
  // front and back), so it stays up a while after the last one.
  sleepAfter = "5m";
  // It reads the images it is sent and calls nothing: no way out for a photo.
  enableInternet = false;
}

/**
 * Asserts what a request needs to go on (the record exists and is the user's, the form parsed);
 * when it does not hold, throws a Response with `message` as its body. A page route's error
 * boundary renders it; a resource route sends it as it is. Status 404 unless `init` says otherwise,
 * because someone else's id must look exactly like one that does not exist.
 */
export function invariantResponse(condition: unknown, message = "Not Found", init?: ResponseInit): asserts condition {
  if (!condition) throw new Response(message, { status: 404, ...init });
}

/** The not-found answer, as an unknown path gets it; also the loader of a path that only takes POST. */
export function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

export async function consumeJobs(_batch: MessageBatch, _env: unknown) {}
export async function consumeDeadLetters(_batch: MessageBatch, _env: unknown) {}

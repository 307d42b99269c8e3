export async function runScheduledTasks(_c: ScheduledController, _env: unknown) {}

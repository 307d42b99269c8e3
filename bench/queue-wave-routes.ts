// What bench/queue-wave.ts and its Worker entry (bench/queue-wave-entry.ts) share.
export const WAVE_SIGNUPS_PATH = "/__queue-wave/signups";
export const WAVE_JOBS_PATH = "/__queue-wave/jobs";

export type WaveSignup = { email: string; fullName: string };
export type WaveSignupResult = { userId: string; email: string; jobsRefused: number };
export type WaveJobs = {
  byState: { type: string; state: string; jobs: number; attempts: number; resends: number }[];
  dead: { type: string; reason: string | null; jobs: number }[];
};

/** Who started a job run: its timer, "run now" over HTTP, or the command line (possibly another process). */
export const JOB_TRIGGERS = ['schedule', 'manual', 'cli'] as const;
export type JobTrigger = (typeof JOB_TRIGGERS)[number];

/** abandoned: the process running it ended (its heartbeat stopped) before the run finished. */
export const JOB_RUN_STATUSES = ['running', 'succeeded', 'failed', 'cancelled', 'abandoned'] as const;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];

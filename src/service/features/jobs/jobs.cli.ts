import { runJobOnce } from '../../cli-job-run.js';
import type { CliStreams, ExitCode, Lend } from '../../cli-verb.types.js';
import type { Scheduler } from '../../scheduler/scheduler.js';

export const RUN_JOB_USAGE = 'run-job <name>   (run-job --list names the jobs)';

export interface RunJobDeps {
  streams: CliStreams;
  /** A scheduler with every job registered and its timers off, over the data directory's database. */
  withJobs: Lend<Scheduler>;
}

/**
 * `npm run cli -- run-job news`: one run of a background job in this process, recorded in the same history as the
 * service's runs. It may run while the service runs on the same data directory: the run is claimed in the
 * database, so it never overlaps a run of the same job there (exit 1 naming the running one). The service's
 * semantic search picks up stored rows at its next sync (its own next run of the job, or its next start).
 * Exit code 0 succeeded, 1 failed, refused or already running, 2 wrong usage.
 */
export async function runJobCommand(args: string[], deps: RunJobDeps): Promise<ExitCode> {
  const { stdout, stderr } = deps.streams;
  const [name, ...rest] = args;
  if (!name || rest.length > 0) {
    stderr.write(`Usage: npm run cli -- ${RUN_JOB_USAGE}\n`);
    return 2;
  }
  return deps.withJobs(async (scheduler) => {
    const names = scheduler.names();
    if (name === '--list') {
      for (const job of await scheduler.jobs()) stdout.write(`${job.name.padEnd(20)} ${job.summary}\n`);
      return 0;
    }
    if (!scheduler.has(name)) {
      stderr.write(`No job named "${name}"; the jobs are: ${names.join(', ')}\n`);
      return 2;
    }
    return runJobOnce(scheduler, name, deps.streams, { format: `${name} | {pages} pages | {items} stored | {errors} errors | {duration_formatted}` });
  });
}

import { SingleBar } from 'cli-progress';
import type { CliStreams, ExitCode, Lend } from '../../cli-verb.types.js';
import type { Scheduler } from '../../scheduler/scheduler.js';

export const RUN_JOB_USAGE = 'run-job <name>   (run-job --list names the jobs)';

/** How often the progress line is redrawn. */
const REDRAW_MS = 250;

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
    const names = scheduler.jobs().map((job) => job.name);
    if (name === '--list') {
      for (const job of scheduler.jobs()) stdout.write(`${job.name.padEnd(20)} ${job.summary}\n`);
      return 0;
    }
    if (!scheduler.has(name)) {
      stderr.write(`No job named "${name}"; the jobs are: ${names.join(', ')}\n`);
      return 2;
    }
    const start = scheduler.runNow(name, 'cli');
    if (!start.started) {
      const running = start.running;
      stderr.write(`Job "${name}" is already running (run ${running.id}, started ${running.started_at} by ${running.trigger}, process ${running.pid})\n`);
      return 1;
    }
    const bar = new SingleBar({
      format: `${name} | {pages} pages | {items} stored | {errors} errors | {duration_formatted}`,
      stream: stderr,
      hideCursor: true,
    });
    bar.start(1, 0, start.counts());
    const redraw = setInterval(() => bar.update(0, start.counts()), REDRAW_MS);
    const run = await start.done.finally(() => clearInterval(redraw));
    bar.update(1, start.counts());
    bar.stop();
    for (const sample of JSON.parse(run.error_samples) as string[]) stderr.write(`  error: ${sample}\n`);
    stdout.write(`Run ${run.id} ${run.status}: ${run.message ?? ''} (${run.pages} pages, ${run.items} stored, ${run.errors} errors)\n`);
    return run.status === 'succeeded' ? 0 : 1;
  });
}

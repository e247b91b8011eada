import { SingleBar } from 'cli-progress';
import type { CliStreams, ExitCode } from './cli-verb.types.js';
import type { Scheduler } from './scheduler/scheduler.js';

/** How often the progress line is redrawn. */
const REDRAW_MS = 250;

export interface JobBar {
  /** The cli-progress format; {pages}, {items} and {errors} are the run's live counts. */
  format: string;
  /** The bar's length in pages (it then follows the pages read); without it only the counts move until the end. */
  totalPages?: number;
}

/**
 * Runs a registered job once for a CLI verb, under a progress bar, recorded in the same history as the service's
 * runs. The run is claimed in the database, so it never overlaps a run of the same job in the service on the same
 * data directory: then exit 1 naming that run. Prints the run's error samples and its outcome; exit 0 when it
 * succeeded, 1 otherwise.
 */
export async function runJobOnce(scheduler: Scheduler, name: string, streams: CliStreams, look: JobBar): Promise<ExitCode> {
  const { stdout, stderr } = streams;
  const start = await scheduler.runNow(name, 'cli');
  if (!start.started) {
    const running = start.running;
    stderr.write(`Job "${name}" is already running (run ${running.id}, started ${running.started_at} by ${running.trigger}, process ${running.pid})\n`);
    return 1;
  }
  const bar = new SingleBar({ format: look.format, stream: stderr, hideCursor: true });
  const total = look.totalPages ?? 1;
  const position = (pages: number) => (look.totalPages === undefined ? 0 : Math.min(total, pages));
  bar.start(total, 0, start.counts());
  const redraw = setInterval(() => {
    const counts = start.counts();
    bar.update(position(counts.pages), counts);
  }, REDRAW_MS);
  const run = await start.done.finally(() => clearInterval(redraw));
  bar.update(look.totalPages === undefined ? total : position(run.pages), start.counts());
  bar.stop();
  for (const sample of JSON.parse(run.error_samples) as string[]) stderr.write(`  error: ${sample}\n`);
  stdout.write(`Run ${run.id} ${run.status}: ${run.message ?? ''} (${run.pages} pages, ${run.items} stored, ${run.errors} errors)\n`);
  return run.status === 'succeeded' ? 0 : 1;
}

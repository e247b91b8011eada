import { SingleBar } from 'cli-progress';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CliStreams, ExitCode, Lend } from '../../cli-verb.types.js';
import type { ServiceContext } from '../../context.js';
import { collectionStats } from './search.service.js';

export const INDEX_USAGE = 'index';

export type IndexCtx = Pick<ServiceContext, 'search' | 'now'>;

export interface IndexDeps {
  streams: CliStreams;
  /** A built (not listening) service's search parts; the caller stops the service afterwards. */
  withSearch: Lend<IndexCtx>;
  /** How often the bar reads the build's progress (tests shorten it). */
  pollMs?: number;
}

/** Seconds as the bar shows them: "1 h 05 min", "3 min 07 s", "42 s"; "?" before the first batch. */
export function formatTimeLeft(seconds: number | null): string {
  if (seconds === null) return '?';
  const s = Math.max(0, Math.round(seconds));
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
  if (s >= 60) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${s} s`;
}

/**
 * `npm run cli -- index`: brings every search collection up to date with the database (for example after a bulk
 * `import` while the server was stopped) with a progress bar on stderr showing the rate and the time left, then one
 * summary line on stdout. Run it while the server is stopped: two processes must not write one set of vector index
 * files. Exit code 0 complete, 1 a collection could not be completed, 2 wrong usage.
 */
export async function runIndexCommand(args: string[], deps: IndexDeps): Promise<ExitCode> {
  const { stdout, stderr } = deps.streams;
  if (args.length > 0) {
    stderr.write(`Usage: npm run cli -- ${INDEX_USAGE}\n`);
    return 2;
  }
  const pollMs = deps.pollMs ?? 250;
  return deps.withSearch(async (ctx) => {
    const started = ctx.now();
    const bar = new SingleBar({
      format: '{collection} [{bar}] {percentage}% | {value}/{total} | {rate} texts/s | {left} left',
      stream: stderr,
      hideCursor: true,
      clearOnComplete: false,
      // Redirected to a file or a pipe, the bar still writes a line now and then, so a log shows the pace too.
      noTTYOutput: true,
      notTTYSchedule: pollMs * 4,
    });
    let barStarted = false;
    let idle = false;
    ctx.search.start();
    const finished = ctx.search.whenIdle().finally(() => {
      idle = true;
    });
    while (!idle) {
      const building = (await collectionStats(ctx)).collections.find((c) => c.progress.state === 'building');
      if (building) {
        const fields = {
          collection: building.name.padEnd(26),
          rate: building.progress.texts_per_s ?? '?',
          left: formatTimeLeft(building.progress.eta_seconds),
        };
        if (!barStarted) bar.start(building.progress.total, building.progress.done, fields);
        barStarted = true;
        bar.setTotal(building.progress.total);
        bar.update(building.progress.done, fields);
      }
      await Promise.race([finished, sleep(pollMs)]);
    }
    await finished;
    if (barStarted) bar.stop();
    const stats = await collectionStats(ctx);
    const vectors = stats.collections.reduce((sum, c) => sum + c.count, 0);
    const seconds = Math.round((ctx.now() - started) / 100) / 10;
    if (!stats.complete) {
      const incomplete = stats.collections.filter((c) => !c.complete).map((c) => c.name);
      stderr.write(`Search index incomplete after ${seconds} s: ${incomplete.join(', ')} (see the log)\n`);
      return 1;
    }
    stdout.write(`Search index complete: ${vectors} vectors in ${stats.collections.length} collections (${stats.provider}/${stats.model}) in ${seconds} s\n`);
    return 0;
  });
}

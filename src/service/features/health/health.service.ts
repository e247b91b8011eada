import { statfs } from 'node:fs/promises';
import { availableParallelism, freemem, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { HealthThresholds } from '../../config.js';
import type { ServiceContext } from '../../context.js';
import { countAppliedMigrations } from './health.repository.js';
import { isDemoData } from '../seed/index.js';
import type { HealthResponse } from '../../../shared/api/health.schemas.js';

export interface LoadSignals {
  loadPerCore: number;
  eventLoopP99Ms: number;
  dbLatencyMs: number;
  dbOk: boolean;
}

/** ok / busy / overloaded: the worst level any signal reaches, with the reasons, by the README's thresholds. */
export function classifyLoad(signals: LoadSignals, t: HealthThresholds): { status: 'ok' | 'busy' | 'overloaded'; reasons: string[] } {
  const checks: Array<[string, number, number, number]> = [
    ['cpu load per core', signals.loadPerCore, t.busyLoadPerCore, t.overloadedLoadPerCore],
    ['event-loop delay p99 ms', signals.eventLoopP99Ms, t.busyEventLoopMs, t.overloadedEventLoopMs],
    ['database latency ms', signals.dbLatencyMs, t.busyDbMs, t.overloadedDbMs],
  ];
  let status: 'ok' | 'busy' | 'overloaded' = signals.dbOk ? 'ok' : 'overloaded';
  const reasons: string[] = signals.dbOk ? [] : ['database query failed'];
  for (const [name, value, busy, overloaded] of checks) {
    const shown = Math.round(value * 100) / 100;
    if (value >= overloaded) {
      status = 'overloaded';
      reasons.push(`${name} ${shown} >= ${overloaded}`);
    } else if (value >= busy) {
      if (status === 'ok') status = 'busy';
      reasons.push(`${name} ${shown} >= ${busy}`);
    }
  }
  return { status, reasons };
}

async function measureDatabase(ctx: ServiceContext): Promise<{ ok: boolean; latencyMs: number; migrations: number }> {
  const started = performance.now();
  try {
    const migrations = await countAppliedMigrations(ctx.db);
    return { ok: true, latencyMs: performance.now() - started, migrations };
  } catch (error) {
    ctx.logger.error({ err: error }, 'health: database query failed');
    return { ok: false, latencyMs: performance.now() - started, migrations: 0 };
  }
}

async function measureDisk(path: string): Promise<{ total: number; free: number }> {
  try {
    const stats = await statfs(path);
    return { total: stats.blocks * stats.bsize, free: stats.bavail * stats.bsize };
  } catch {
    return { total: 0, free: 0 };
  }
}

const ratio = (used: number, total: number) => (total > 0 ? Math.round((used / total) * 10_000) / 10_000 : 0);

export async function readHealth(ctx: ServiceContext): Promise<HealthResponse> {
  const [db, disk] = await Promise.all([measureDatabase(ctx), measureDisk(ctx.config.dataDir)]);
  const [load1, load5, load15] = loadavg() as [number, number, number];
  // availableParallelism() is cheap; os.cpus() parses /proc/cpuinfo on every call.
  const cores = Math.max(1, availableParallelism());
  const memory = process.memoryUsage();
  const eventLoopP99Ms = ctx.loadSampler.eventLoopDelayP99Ms();
  const load = classifyLoad({ loadPerCore: load1 / cores, eventLoopP99Ms, dbLatencyMs: db.latencyMs, dbOk: db.ok }, ctx.config.health);
  const total = totalmem();
  const free = freemem();
  return {
    status: 'ok',
    version: ctx.config.version,
    uptime_seconds: Math.round((ctx.now() - ctx.startedAt) / 100) / 10,
    load_status: load.status,
    load_reasons: load.reasons,
    demo_data: db.ok && (await isDemoData(ctx.db)),
    cpu: { cores, load_1m: load1, load_5m: load5, load_15m: load15, load_per_core_1m: Math.round((load1 / cores) * 1000) / 1000 },
    memory: { total_bytes: total, free_bytes: free, used_ratio: ratio(total - free, total) },
    process: { rss_bytes: memory.rss, heap_used_bytes: memory.heapUsed, event_loop_delay_p99_ms: Math.round(eventLoopP99Ms * 100) / 100 },
    disk: { total_bytes: disk.total, free_bytes: disk.free, used_ratio: ratio(disk.total - disk.free, disk.total) },
    database: { ok: db.ok, latency_ms: Math.round(db.latencyMs * 1000) / 1000, migrations_applied: db.migrations },
  };
}

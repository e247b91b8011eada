import { performance } from 'node:perf_hooks';
import { type LocalTeam, startLocalTeam } from '../scripts/team/local-team.js';
import type { BenchSection } from './bench-types.js';
import { fmt } from './load.js';

/** Callers sending one request after another, like a team's dashboards and scripts together. */
const CONCURRENCY = 12;
const SECONDS = 10;

interface Tally {
  ok: number;
  /** Non-200 answers by status. */
  statuses: Record<number, number>;
  /** Answered, but not 200 (503 while the database is away). */
  refused: number;
  /** No answer at all: the connection was cut. */
  lost: number;
  latencies: number[];
}

const emptyTally = (): Tally => ({ ok: 0, statuses: {}, refused: 0, lost: 0, latencies: [] });

/** A closed loop of GET list pages (each a different page, so no answer repeats) until `stop` resolves. */
async function loadUntil(base: string, headers: Record<string, string>, stop: Promise<unknown>): Promise<Tally> {
  const tally = emptyTally();
  let running = true;
  void stop.then(() => (running = false));
  let n = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (running) {
        const started = performance.now();
        try {
          const response = await fetch(`${base}/api/transceivers?limit=20&offset=${(n++ * 20) % 1000}&sort=name`, { headers });
          await response.arrayBuffer();
          if (response.status === 200) {
            tally.ok += 1;
            tally.latencies.push(performance.now() - started);
          } else {
            tally.refused += 1;
            tally.statuses[response.status] = (tally.statuses[response.status] ?? 0) + 1;
          }
        } catch {
          tally.lost += 1;
        }
      }
    }),
  );
  return tally;
}

const after = (ms: number) => new Promise((done) => setTimeout(done, ms));

function p99(latencies: number[]): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? 0;
}

function refusals(t: Tally): string {
  const parts = Object.entries(t.statuses).map(([status, count]) => `${status}: ${count}`);
  return parts.length === 0 ? '0' : parts.join(', ');
}

async function signIn(team: LocalTeam): Promise<Record<string, string>> {
  const response = await fetch(`${team.proxyUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: team.password }),
  });
  return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

/**
 * Three replicas behind haproxy on one PostgreSQL (the local team of scripts/team/local-team.ts, all on this
 * machine): throughput of one replica against the proxy, and what callers lose while a replica is killed and while
 * PostgreSQL restarts.
 */
export async function run(): Promise<BenchSection> {
  // No rate limit: the callers are one machine, as a proxy's clients look to a replica that does not trust it.
  const team = await startLocalTeam({ env: { EMBEDDINGS_PROVIDER: 'hash', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '10000000' } });
  try {
    const headers = await signIn(team);
    const oneReplica = await loadUntil(team.replicas[0]!.url, headers, after(SECONDS * 1000));
    const proxied = await loadUntil(team.proxyUrl, headers, after(SECONDS * 1000));

    const killWindow = after(SECONDS * 1000);
    const killing = loadUntil(team.proxyUrl, headers, killWindow);
    await after(2_000);
    await team.replicas[1]!.kill();
    const underKill = await killing;
    await team.replicas[1]!.start();

    const outageWindow = after(SECONDS * 1000);
    const outage = loadUntil(team.proxyUrl, headers, outageWindow);
    await after(2_000);
    const haltedAt = performance.now();
    team.cluster.halt();
    await after(3_000);
    team.cluster.start();
    const downMs = performance.now() - haltedAt;
    const underOutage = await outage;

    const rate = (t: Tally) => t.ok / SECONDS;
    const lines = [
      `${CONCURRENCY} callers, each sending the next request when the last answer arrives, for ${SECONDS} s: a page of 20 products`,
      'sorted by name (GET /api/transceivers) on the seed catalogue. The replicas, haproxy, PostgreSQL and the callers share',
      "this machine's 2 cores, so three replicas cannot be faster than one here; on a host with a core per replica (and the",
      'database on its own host) throughput grows with the replicas until PostgreSQL is the limit.',
      '',
      '| run | pages/s | p99 ms | refused (status: count) | lost (no answer) |',
      '|---|---|---|---|---|',
      `| one replica, directly | ${fmt(rate(oneReplica), 0)} | ${fmt(p99(oneReplica.latencies))} | ${refusals(oneReplica)} | ${oneReplica.lost} |`,
      `| three replicas behind haproxy | ${fmt(rate(proxied), 0)} | ${fmt(p99(proxied.latencies))} | ${refusals(proxied)} | ${proxied.lost} |`,
      `| three replicas, one killed (kill -9) 2 s in | ${fmt(rate(underKill), 0)} | ${fmt(p99(underKill.latencies))} | ${refusals(underKill)} | ${underKill.lost} |`,
      `| three replicas, PostgreSQL stopped 2 s in for ${fmt(downMs / 1000, 1)} s | ${fmt(rate(underOutage), 0)} | ${fmt(p99(underOutage.latencies))} | ` +
        `${refusals(underOutage)} | ${underOutage.lost} |`,
      '',
      '"Refused" requests got a 503 with Retry-After (the database was away); "lost" ones got no answer, the requests in flight',
      'on the killed replica. haproxy sends a request again to another replica when the connection to the first fails.',
    ];
    return { title: 'Team server: three replicas behind haproxy', markdown: lines.join('\n') };
  } finally {
    await team.stop();
  }
}

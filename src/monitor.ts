import { setTimeout as sleep } from 'node:timers/promises';
import { checkOnce, type CheckResult } from './monitor/monitor-run.js';
import { MonitorConfigError, readMonitorConfig } from './monitor/monitor.config.js';

/**
 * `npm run monitor` watches the service from outside (it is not part of the API): its health endpoint and load
 * status, and the tool server when MONITOR_MCP_URL names it. A new problem is pushed once to NOTIFY_URL, its
 * recovery once. With --once it checks a single time, for cron (exit 0 all well, 1 a problem is going on,
 * 2 bad configuration); without it, it checks every MONITOR_INTERVAL_S seconds until stopped.
 */
function report(result: CheckResult): void {
  const stamp = new Date().toISOString();
  if (result.problems.length === 0) console.log(`${stamp} ok`);
  for (const problem of result.problems) console.log(`${stamp} PROBLEM ${problem.title} (${problem.detail})`);
  for (const notice of result.notices) {
    const sent = result.delivered.includes(notice) ? 'pushed' : 'NOT delivered, will retry';
    console.log(`${stamp} ${sent}: ${notice.title}`);
  }
}

async function main(args: string[]): Promise<number> {
  const unknown = args.filter((arg) => arg !== '--once');
  if (unknown.length > 0) {
    console.error(`Unknown argument ${unknown[0]}. Usage: npm run monitor [-- --once]`);
    return 2;
  }
  let config;
  try {
    config = readMonitorConfig(process.env);
  } catch (error) {
    if (error instanceof MonitorConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  if (args.includes('--once')) {
    const result = await checkOnce(config);
    report(result);
    return result.problems.length === 0 ? 0 : 1;
  }
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
  while (!stop.signal.aborted) {
    report(await checkOnce(config));
    await sleep(config.intervalSeconds * 1000, undefined, { signal: stop.signal }).catch(() => undefined);
  }
  return 0;
}

void main(process.argv.slice(2)).then((code) => process.exit(code));

import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterDelivery, type AlertState, EMPTY_STATE, type Notice, noticesFor } from './alert-state.js';
import { findProblems, type Problem } from './health-checks.js';
import { findProcessProblems } from './process-states.js';
import type { MonitorConfig } from './monitor.config.js';
import { push } from './notifier.js';

export interface CheckResult {
  problems: Problem[];
  notices: Notice[];
  /** Notices that reached the topic (all of them when no NOTIFY_URL is set). */
  delivered: Notice[];
}

function readState(file: string): AlertState {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<AlertState>;
    return parsed.open && typeof parsed.open === 'object' ? { open: parsed.open } : EMPTY_STATE;
  } catch {
    // No state yet (first run) or a damaged file: start clean; at worst one problem is pushed again.
    return EMPTY_STATE;
  }
}

/** Written beside and renamed into place, so a run killed mid-write never leaves half a file. */
function writeState(file: string, state: AlertState): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(temporary, file);
}

/** One check: find the problems, push what is new or recovered, remember what was pushed. */
export async function checkOnce(config: MonitorConfig, now: () => number = Date.now): Promise<CheckResult> {
  const state = readState(config.stateFile);
  const problems = [...(await findProblems(config)), ...(await findProcessProblems(config))];
  const nowIso = new Date(now()).toISOString();
  const notices = noticesFor(state, problems, nowIso);
  const delivered: Notice[] = [];
  for (const notice of notices) if (await push(config, notice)) delivered.push(notice);
  writeState(config.stateFile, afterDelivery(state, problems, delivered, nowIso));
  return { problems, notices, delivered };
}

import type { Problem } from './health-checks.js';

/** What the monitor remembers between runs: the problems it has pushed, and since when they last. */
export interface AlertState {
  open: Record<string, { title: string; since: string }>;
}

export interface Notice {
  key: string;
  kind: 'problem' | 'recovered';
  title: string;
  body: string;
}

export const EMPTY_STATE: AlertState = { open: {} };

/**
 * The push rule: a problem is pushed when it first appears, never again while it lasts, and its recovery is
 * pushed once when it is gone. A notice that could not be delivered leaves the state as it was for its key, so
 * the next run tries again instead of losing it.
 */
export function noticesFor(state: AlertState, problems: readonly Problem[], nowIso: string): Notice[] {
  const notices: Notice[] = [];
  const current = new Set(problems.map((p) => p.key));
  for (const problem of problems) {
    if (!(problem.key in state.open)) notices.push({ key: problem.key, kind: 'problem', title: problem.title, body: problem.detail });
  }
  for (const [key, open] of Object.entries(state.open)) {
    if (!current.has(key)) notices.push({ key, kind: 'recovered', title: `Recovered: ${open.title}`, body: `Since ${open.since}; fine again at ${nowIso}` });
  }
  return notices;
}

/** The state after the notices that were delivered. */
export function afterDelivery(state: AlertState, problems: readonly Problem[], delivered: readonly Notice[], nowIso: string): AlertState {
  const open = { ...state.open };
  for (const notice of delivered) {
    if (notice.kind === 'recovered') delete open[notice.key];
    else open[notice.key] = { title: problems.find((p) => p.key === notice.key)!.title, since: nowIso };
  }
  return { open };
}

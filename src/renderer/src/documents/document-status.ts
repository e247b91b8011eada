import type { Document, DocumentList, DocumentStatus } from '../../../shared/api/documents.schemas.js';
import { JOB_POLL_INTERVAL_MS, JOB_POLL_MAX_ATTEMPTS } from '../../../shared/dashboard.constants.js';
import type { PollSchedule } from '../api/poll-schedule.js';

export const STATUS_TONES: Record<DocumentStatus, 'good' | 'warn' | 'bad' | 'neutral'> = {
  queued: 'neutral',
  processing: 'warn',
  processed: 'good',
  failed: 'bad',
};

export function isRunning(doc: Pick<Document, 'status'>): boolean {
  return doc.status === 'queued' || doc.status === 'processing';
}

/** A document job is watched like the index build: every 15 s while it runs, at most 60 times. */
export const DOCUMENT_POLL: PollSchedule<Document> = { while: isRunning, intervalMs: JOB_POLL_INTERVAL_MS, maxAttempts: JOB_POLL_MAX_ATTEMPTS };
export const DOCUMENT_LIST_POLL: PollSchedule<DocumentList> = {
  while: (list) => list.items.some(isRunning),
  intervalMs: JOB_POLL_INTERVAL_MS,
  maxAttempts: JOB_POLL_MAX_ATTEMPTS,
};

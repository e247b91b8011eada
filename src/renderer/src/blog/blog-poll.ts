import type { GetReply } from '../../../shared/api/api-routes.js';
import type { PollSchedule } from '../api/poll-schedule.js';

/** A running pipeline takes minutes: the dashboard asks every 17.5 s (within 15-20 s), at most 60 times (about 18 minutes). */
export const BLOG_POLL_INTERVAL_MS = 17_500;
export const BLOG_POLL_MAX_ATTEMPTS = 60;

export const DRAFT_POLL: PollSchedule<GetReply<'/api/blog/:id'>> = {
  while: (draft) => draft.pipeline.state === 'queued' || draft.pipeline.state === 'running',
  intervalMs: BLOG_POLL_INTERVAL_MS,
  maxAttempts: BLOG_POLL_MAX_ATTEMPTS,
};

export const QUEUE_POLL: PollSchedule<GetReply<'/api/blog/llm/queue'>> = {
  while: (queue) => queue.running !== null || queue.length > 0,
  intervalMs: BLOG_POLL_INTERVAL_MS,
  maxAttempts: BLOG_POLL_MAX_ATTEMPTS,
};

/** Every cached blog answer (list, drafts, queue): asked again after the user changed something. */
export const isBlogQuery = (query: { queryKey: readonly unknown[] }) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/blog');

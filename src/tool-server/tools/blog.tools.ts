import { z } from 'zod';
import { Draft, MAX_TITLE_LENGTH } from '../../shared/api/blog/blog-drafts.schemas.js';
import { NOT_BLANK_PATTERN } from '../../shared/api/schema-helpers.js';
import { BLOG_TOPIC_TYPES } from '../../shared/vocabulary/blog.vocabulary.js';
import { EXAMPLE_HOT_TOPIC_ID } from '../../shared/vocabulary/sales-alerts.vocabulary.js';
import { defineTool, type Tool } from '../tool-definition.js';

const generateBlog = defineTool({
  name: 'generate_blog',
  title: 'Start a blog draft',
  description:
    'Creates a blog draft at once from a template built on real catalogue, forecast and hot-topic data, and starts the 10-step ' +
    'writing pipeline in the background (it takes several minutes; one pipeline runs at a time, others queue). Returns the draft ' +
    "with its id and the pipeline's state: the finished text is read later in the dashboard's Blog Engine tab. " +
    'Topic types: hype_cycle, comparison, new_product, tutorial.',
  input: {
    topic_type: z.enum(BLOG_TOPIC_TYPES).describe('hype_cycle, comparison, new_product or tutorial'),
    title: z
      .string()
      .min(1)
      .max(MAX_TITLE_LENGTH)
      .regex(new RegExp(NOT_BLANK_PATTERN))
      .optional()
      .describe('The title to write to; default: a title from the template'),
    hot_topic: z
      .string()
      .min(1)
      .max(300)
      .optional()
      .describe(`A hot topic id as the dashboard's hot topics list carries it (for example "${EXAMPLE_HOT_TOPIC_ID}"); it feeds the draft`),
  },
  route: { method: 'POST', path: '/api/blog/generate' },
  output: Draft,
  readOnly: false,
  summarize(draft) {
    const pipeline = draft.pipeline;
    const state =
      pipeline.state === 'offline'
        ? `The template stands: ${pipeline.message ?? 'no language model is reachable'}.`
        : `The writing pipeline is ${pipeline.state}${pipeline.queue_position ? ` (position ${pipeline.queue_position} in the queue)` : ''}; it runs for several minutes in the background.`;
    return [
      `Draft ${draft.id} "${draft.title}" created (status ${draft.status}, ${draft.word_count} words, ${draft.generated_by}).`,
      state,
      'Read the finished draft in the Blog Engine tab of the dashboard.',
    ].join('\n');
  },
});

export function blogTools(): Tool[] {
  return [generateBlog];
}

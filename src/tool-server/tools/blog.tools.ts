import { Type } from '@sinclair/typebox';
import { z } from 'zod';
import { TOPIC_TYPES } from '../../shared/vocabulary/sales-alerts.vocabulary.js';
import { defineTool, type Tool } from '../tool-definition.js';

/**
 * The fields of the created draft this tool relies on. The blog feature's reply carries more (keywords, word count,
 * QA score, the pipeline's state); additionalProperties keeps them in the structured content for the client.
 */
const CreatedDraft = Type.Object(
  {
    id: Type.Union([Type.String(), Type.Integer()], { description: 'The draft id' }),
    title: Type.String(),
    status: Type.String({ description: 'The draft status; the pipeline moves it on in the background' }),
    generated_by: Type.Unknown({ description: 'A template marker now; the pipeline identifier once the language model has written it' }),
  },
  { additionalProperties: true },
);

const generateBlog = defineTool({
  name: 'generate_blog',
  title: 'Start a blog draft',
  description:
    'Creates a blog draft at once from a template built on real catalogue, forecast and hot-topic data, and starts the 10-step ' +
    'writing pipeline in the background (it takes several minutes; one pipeline runs at a time, others queue). Returns the draft id: ' +
    "the finished text is read later in the dashboard's Blog Engine tab. Topic types: hype_cycle, comparison, new_product, tutorial.",
  input: {
    topic_type: z.enum(TOPIC_TYPES).describe('hype_cycle, comparison, new_product or tutorial'),
    title: z.string().min(1).max(200).optional().describe('The title to write to; default: a title from the template'),
    hot_topic: z.string().min(1).max(200).optional().describe("A hot topic to write about, as the dashboard's hot topics list names it"),
  },
  route: { method: 'POST', path: '/api/blog/generate' },
  output: CreatedDraft,
  readOnly: false,
  summarize(reply) {
    return [
      `Draft ${String(reply.id)} "${reply.title}" created (status ${reply.status}).`,
      'The writing pipeline now runs in the background for several minutes; read the draft later in the Blog Engine tab of the dashboard.',
    ].join('\n');
  },
});

export function blogTools(): Tool[] {
  return [generateBlog];
}

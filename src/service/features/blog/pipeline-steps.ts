import { PIPELINE_STEPS, type PipelineStep } from '../../../shared/vocabulary/blog.vocabulary.js';
import { MAX_SECTIONS, MIN_WORDS } from './qa-checks.js';

/**
 * The prompts of the eight writing steps (qa_check and quality_score are built in pipeline-finish.ts). Each step
 * sees the draft's subject, the facts and the outputs of the steps before it; steps 5 to 8 rewrite the whole
 * article, so the latest of them is always the current text.
 */
export interface StepInput {
  title: string;
  topic_type: string;
  /** The facts as JSON (catalogue at one speed, forecast, hot topic). */
  facts: string;
  outputs: Partial<Record<PipelineStep, string>>;
}

const REWRITE_TAIL = 'Answer with the whole article only, in plain text, keeping every hard rule.';

export const WRITING_STEPS: Readonly<Partial<Record<PipelineStep, (input: StepInput) => string>>> = {
  topic_expansion: (i) =>
    [
      `Article title: ${i.title}`,
      `Topic type: ${i.topic_type}`,
      `Facts from the catalogue, the lifecycle forecast and the hot topic (JSON):\n${i.facts}`,
      '',
      'Expand the topic: list the questions a network engineer and a buyer would ask, the subtopics worth covering, the ' +
        'production failures and hidden costs that belong to it, and the facts above that matter most.',
      'End with one line: "Keywords: " followed by 5 to 10 comma-separated search keywords.',
    ].join('\n'),
  angle_selection: (i) =>
    [
      `Article title: ${i.title}`,
      `Topic expansion:\n${i.outputs.topic_expansion ?? ''}`,
      '',
      'Propose three angles for the article and choose one: the one that gives a buyer the clearest decision. Say why in three sentences.',
    ].join('\n'),
  outline: (i) =>
    [
      `Article title: ${i.title}`,
      `Chosen angle:\n${i.outputs.angle_selection ?? ''}`,
      '',
      `Write the outline: at most ${MAX_SECTIONS} sections, each a short heading line and three to five sentences on what it covers, ` +
        'where the production failures, the hidden costs and "when not to use" go, and which facts each section uses.',
    ].join('\n'),
  master_draft: (i) =>
    [
      `Article title: ${i.title}`,
      `Facts (JSON):\n${i.facts}`,
      `Outline:\n${i.outputs.outline ?? ''}`,
      '',
      `Write the whole article from the outline: at least ${MIN_WORDS.toLocaleString('en-GB')} words, plain text, each section heading a line of its own.`,
    ].join('\n'),
  reality_injection: (i) =>
    [
      `Facts (JSON):\n${i.facts}`,
      `Article:\n${i.outputs.master_draft ?? ''}`,
      '',
      'Put the real numbers in: product counts, reaches, fiber types and the prices from the facts, original-vendor and compatible ' +
        'prices always in separate sentences, each labelled. Remove every number the facts do not support. If the facts mark the prices ' +
        `as demo data, say so beside them. ${REWRITE_TAIL}`,
    ].join('\n'),
  technical_deepening: (i) =>
    [
      `Article:\n${i.outputs.reality_injection ?? ''}`,
      '',
      'Deepen the technical content where it is thin: lane rates, modulation, fiber plant, power per port, optical budgets, ' +
        `coding for the host switch, and what breaks in production (at least two concrete failures with symptom and fix). ${REWRITE_TAIL}`,
    ].join('\n'),
  opinion_layer: (i) =>
    [
      `Article:\n${i.outputs.technical_deepening ?? ''}`,
      '',
      'Add a clear, reasoned opinion: which option to choose in which situation, when not to use each recommendation, and the hidden ' +
        `costs a buyer overlooks. Say where you are unsure. ${REWRITE_TAIL}`,
    ].join('\n'),
  tone_cleanup: (i) =>
    [
      `Article:\n${i.outputs.opinion_layer ?? ''}`,
      '',
      'Remove the machine-like tone: filler openings, stock phrases, symmetric lists of three, hedging in every sentence, a summary ' +
        `that repeats the article. Vary sentence length. Keep every fact and number. ${REWRITE_TAIL}`,
    ].join('\n'),
};

/** The step whose output is the article text that the QA step checks. */
export const LAST_WRITING_STEP: PipelineStep = 'tone_cleanup';

export function stepNumber(step: PipelineStep): number {
  return PIPELINE_STEPS.indexOf(step) + 1;
}

/** The "Keywords:" line of the topic expansion, if the model wrote one. */
export function keywordsFrom(expansion: string): string[] {
  const line = /^\s*keywords\s*:\s*(.+)$/im.exec(expansion);
  if (!line) return [];
  return line[1]!
    .split(/[,;]/)
    .map((k) => k.replace(/^[#\s"']+|[\s"'.]+$/g, ''))
    .filter((k) => k.length > 0 && k.length <= 60)
    .slice(0, 10);
}

/** What the repair round asks for, beyond the list of problems, for the rules a model fixes by rewriting at large. */
const REPAIR_HOW: Readonly<Record<string, string>> = {
  min_words: `Expand it to at least ${MIN_WORDS.toLocaleString('en-GB')} words: deepen the thinnest sections with concrete detail (symptoms, fixes, numbers from the article), without adding sections.`,
  max_sections: `Merge sections until there are at most ${MAX_SECTIONS}: join the closest ones under one heading and keep their content.`,
};

export function repairPrompt(text: string, issues: ReadonlyArray<{ rule: string; message: string }>): string {
  const how = [...new Set(issues.map((i) => REPAIR_HOW[i.rule]).filter((h): h is string => h !== undefined))];
  return [
    `Article:\n${text}`,
    '',
    'The article breaks these hard rules:',
    ...issues.map((i) => `- ${i.message}`),
    ...how,
    `Fix every one of them. ${REWRITE_TAIL}`,
  ].join('\n');
}

export function scorePrompt(title: string, text: string, criteria: readonly string[]): string {
  return [
    `Article title: ${title}`,
    `Article:\n${text}`,
    '',
    `Score the article from 1 (poor) to 10 (excellent) on each of: ${criteria.join(', ')}.`,
    `Answer with one JSON object only, e.g. {${criteria.map((c) => `"${c}": 7`).join(', ')}, "comment": "one sentence"}.`,
  ].join('\n');
}

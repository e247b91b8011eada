import { FEEDBACK_CRITERIA, type FeedbackCriterion } from '../../../shared/vocabulary/blog.vocabulary.js';
import { MAX_SECTIONS, MIN_PRODUCTION_FAILURES, MIN_WORDS } from './qa-checks.js';

/**
 * The hard rules every pipeline prompt carries. `checked: true` marks the rules qa-checks.ts checks by program;
 * the others are for the model (and the person who reviews the draft).
 */
export interface HardRule {
  id: string;
  text: string;
  checked: boolean;
}

export const HARD_RULES: readonly HardRule[] = [
  { id: 'plain_text', checked: true, text: 'Write plain text only: no markdown header markers (#) and no bold markers (** or __).' },
  {
    id: 'max_sections',
    checked: true,
    text: `At most ${MAX_SECTIONS} sections. A section heading is a short line of its own (at most 12 words, no closing punctuation) between blank lines.`,
  },
  { id: 'min_words', checked: true, text: `At least ${MIN_WORDS.toLocaleString('en-GB')} words.` },
  {
    id: 'production_failures',
    checked: true,
    text: `Describe at least ${MIN_PRODUCTION_FAILURES} concrete things that break in production (what failed, the symptom, the fix), each in a paragraph of its own.`,
  },
  {
    id: 'hidden_costs',
    checked: true,
    text: 'Name the hidden costs in so many words ("hidden costs"): spares, coding, fiber plant, power and cooling, engineering time.',
  },
  { id: 'when_not_to_use', checked: true, text: 'For each recommendation say when not to use it, with the words "when not to use".' },
  {
    id: 'sr4_dr4_fibers',
    checked: true,
    text: 'SR4 and DR4 both use 8 fibers (4 transmit + 4 receive); they differ by fiber type: SR4 runs over multimode fiber, DR4 over single-mode fiber.',
  },
  { id: 'power_per_port', checked: true, text: 'Power per port is about 10 to 15 W at 400G and about 15 to 25 W at 800G.' },
  {
    id: 'price_separation',
    checked: true,
    text: 'Keep original-vendor (OEM) and compatible prices apart: every sentence with a price says which kind it is; never average or range across both kinds.',
  },
  {
    id: 'no_filler',
    checked: true,
    text: 'No filler: never "in today\'s fast-paced world", "delve", "game-changer", "revolutionize", "unlock the potential", "in conclusion".',
  },
  {
    id: 'catalogue_numbers',
    checked: false,
    text: 'Use only the catalogue numbers and prices given in the facts; never invent a price, a part number or a stock level.',
  },
  { id: 'demo_prices', checked: false, text: 'When the facts say the prices are demo data, say so next to them.' },
  {
    id: 'standards_names',
    checked: false,
    text: 'Name standards by their IEEE or MSA name (for example 400GBASE-DR4); never invent a reach, a wavelength or a lane count.',
  },
  { id: 'forecasts_are_estimates', checked: false, text: 'Forecast figures are estimates of the lifecycle model: say so, and never present them as measured.' },
  { id: 'fair_competitors', checked: false, text: 'Never disparage a named competitor or original vendor; compare on facts.' },
  { id: 'audience', checked: false, text: 'Write for network engineers and buyers at data-centre operators and carriers, not for beginners.' },
  { id: 'concrete_examples', checked: false, text: 'Every section carries at least one concrete example: a port count, a reach, a price, a failure.' },
  { id: 'paragraphs', checked: false, text: 'Write paragraphs, not bullet lists or tables.' },
  { id: 'short_sentences', checked: false, text: 'Prefer short sentences in the active voice, and vary their length.' },
  { id: 'clear_position', checked: false, text: 'Take a clear position and give the reason; say where you are unsure.' },
  { id: 'no_invented_sources', checked: false, text: 'Never invent a URL, a quote, a customer or a study; cite only sources given in the facts.' },
  { id: 'units', checked: false, text: 'Write units with a space and SI symbols: 10 W, 2 km, 850 nm, 400 Gb/s.' },
  { id: 'one_language', checked: false, text: 'Write in English throughout.' },
];

export interface FeedbackDigest {
  /** Records behind the averages (people's feedback). */
  records: number;
  averages: Record<FeedbackCriterion, number> | null;
  /** The latest non-empty comments, newest first. */
  comments: string[];
}

export const PIPELINE_ROLE =
  'You write technical marketing articles for an optical-transceiver vendor, from its own catalogue and market data. ' +
  'Engineers must trust every number; salespeople must be able to send the article to a customer.';

/** The system prompt of every step: role, the hard rules, and what people said about earlier drafts. */
export function systemPrompt(feedback: FeedbackDigest): string {
  const rules = HARD_RULES.map((r, i) => `${i + 1}. ${r.text}`).join('\n');
  const lines = [PIPELINE_ROLE, '', `Hard rules (all ${HARD_RULES.length} apply to every answer):`, rules];
  if (feedback.records > 0 && feedback.averages !== null) {
    const averages = feedback.averages;
    const weakest = [...FEEDBACK_CRITERIA].sort((a, b) => averages[a] - averages[b]).slice(0, 3);
    lines.push(
      '',
      `Accumulated feedback from ${feedback.records} review(s) of earlier drafts (scores 1-10):`,
      FEEDBACK_CRITERIA.map((c) => `${c} ${averages[c].toFixed(1)}`).join(', '),
      `Improve most on: ${weakest.join(', ')}.`,
    );
    if (feedback.comments.length > 0) lines.push('What reviewers asked for:', ...feedback.comments.map((c) => `- ${c}`));
  }
  return lines.join('\n');
}

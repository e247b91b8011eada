import type { QualityIssue } from '../../../shared/api/blog/blog-drafts.schemas.js';
import { checkPowerPerPort } from './power-per-port.check.js';

export { checkPowerPerPort };
import { isHeading, paragraphs, sectionHeadings, sentences, wordCount } from './text-structure.js';

/**
 * One pure function per hard rule that a program can check (hard-rules.ts names them). Each returns the issues it
 * finds; an empty list means the text keeps the rule. The pipeline's QA step repairs what can be repaired
 * mechanically (markdown markers), asks the model to fix the rest, and records what remains on the draft.
 */

export const MAX_SECTIONS = 6;
export const MIN_WORDS = 2500;
export const MIN_PRODUCTION_FAILURES = 2;

const MARKDOWN_HEADER = /^[ \t]{0,3}#{1,6}[ \t]+\S/m;
const MARKDOWN_BOLD = /\*\*[^*\n]+\*\*|__[^_\n]+__/;

export function checkMarkdownMarkers(text: string): QualityIssue[] {
  const issues: QualityIssue[] = [];
  if (MARKDOWN_HEADER.test(text)) issues.push({ rule: 'plain_text', message: 'Uses markdown header markers (#); headings must be plain lines' });
  if (MARKDOWN_BOLD.test(text)) issues.push({ rule: 'plain_text', message: 'Uses markdown bold markers (** or __)' });
  return issues;
}

/** The mechanical repair of plain_text: header markers dropped, bold markers unwrapped. */
export function stripMarkdownMarkers(text: string): string {
  return text
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+(.*?)[ \t]*#*[ \t]*$/gm, '$1')
    .replace(/\*\*([^*\n]+)\*\*/g, '$1')
    .replace(/__([^_\n]+)__/g, '$1');
}

export function checkSectionCount(text: string): QualityIssue[] {
  const count = sectionHeadings(text).length;
  return count > MAX_SECTIONS ? [{ rule: 'max_sections', message: `Has ${count} sections; at most ${MAX_SECTIONS} are allowed` }] : [];
}

export function checkWordCount(text: string): QualityIssue[] {
  const words = wordCount(text);
  return words < MIN_WORDS ? [{ rule: 'min_words', message: `Has ${words} words; at least ${MIN_WORDS.toLocaleString('en-GB')} are required` }] : [];
}

const FAILURE_WORDS =
  /\b(fail(?:s|ed|ure|ures)?|broke|breaks|broken|outages?|flap(?:s|ped|ping)?|link down|CRC errors?|went down|overheat(?:s|ed|ing)?|downtime|incidents?)\b/i;

/** Paragraphs that describe something breaking (a heuristic: failure vocabulary, not counting headings). */
export function checkProductionFailures(text: string): QualityIssue[] {
  const found = paragraphs(text).filter((p) => !isHeading(p) && FAILURE_WORDS.test(p)).length;
  return found < MIN_PRODUCTION_FAILURES
    ? [{ rule: 'production_failures', message: `Describes ${found} production failure(s); at least ${MIN_PRODUCTION_FAILURES} are required` }]
    : [];
}

export function checkHiddenCosts(text: string): QualityIssue[] {
  return /\bhidden costs?\b/i.test(text) ? [] : [{ rule: 'hidden_costs', message: 'Does not name the hidden costs' }];
}

export function checkWhenNotToUse(text: string): QualityIssue[] {
  return /\bwhen not to (use|choose|deploy|buy)\b/i.test(text) ? [] : [{ rule: 'when_not_to_use', message: 'Does not say when not to use the recommendation' }];
}

const SR4_DR4 = /\b(?:[0-9.]+G(?:BASE)?-?)?(SR4|DR4)(?:\.\d)?\b/gi;
const MULTIMODE = /multi-?mode|\bMMF\b|\bOM[2-5]\b/i;
const SINGLE_MODE = /single-?mode|\bSMF\b|\bOS[12]\b/i;
const FIBER_COUNT = /\b(\d+)[ -]?(?:fibers?|fibres?)\b(?![ -]*(?:MPO|connector|trunk|cable|array))/gi;

/**
 * SR4 and DR4 both use 8 fibers (4 transmit + 4 receive); SR4 is multimode, DR4 single-mode. Each mention is read
 * up to the next mention or the end of its sentence: the first fiber type named there must match, and any fiber
 * count there must be 8.
 */
export function checkSr4Dr4Fibers(text: string): QualityIssue[] {
  const issues: QualityIssue[] = [];
  for (const sentence of sentences(text)) {
    const mentions = [...sentence.matchAll(SR4_DR4)];
    mentions.forEach((m, i) => {
      const kind = m[1]!.toUpperCase();
      const window = sentence.slice(m.index + m[0].length, mentions[i + 1]?.index ?? sentence.length);
      const mm = window.search(MULTIMODE);
      const sm = window.search(SINGLE_MODE);
      const first = mm === -1 ? (sm === -1 ? null : 'single-mode') : sm === -1 || mm < sm ? 'multimode' : 'single-mode';
      const expected = kind === 'SR4' ? 'multimode' : 'single-mode';
      if (first !== null && first !== expected) {
        issues.push({ rule: 'sr4_dr4_fibers', message: `${kind} runs over ${expected} fiber, not ${first}: "${sentence.slice(0, 160)}"` });
      }
      for (const count of window.matchAll(FIBER_COUNT)) {
        if (Number(count[1]) !== 8) {
          issues.push({ rule: 'sr4_dr4_fibers', message: `${kind} uses 8 fibers (4 transmit + 4 receive), not ${count[1]}: "${sentence.slice(0, 160)}"` });
        }
      }
    });
  }
  return issues;
}

const PRICE = /(?:[$€£]\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\s?(?:USD|EUR|GBP|dollars|euros?)\b)/i;
const ORIGINAL_VENDOR = /original[- ]vendor|\bOEM\b|\bbranded\b/i;
const COMPATIBLE = /\bcompatible\b|third[- ]party/i;

/** Every sentence with a price says whose it is: an original-vendor (OEM) part or a compatible one. */
export function checkPriceSeparation(text: string): QualityIssue[] {
  return sentences(text)
    .filter((s) => PRICE.test(s) && !ORIGINAL_VENDOR.test(s) && !COMPATIBLE.test(s))
    .map((s) => ({ rule: 'price_separation', message: `A price without saying whether it is original-vendor or compatible: "${s.slice(0, 160)}"` }));
}

const FILLER = /\b(in today's fast-paced world|delve|game[- ]changer|revolutioni[sz]e|unlock the (?:full )?potential|in conclusion)\b/i;

export function checkFiller(text: string): QualityIssue[] {
  const hit = FILLER.exec(text);
  return hit ? [{ rule: 'no_filler', message: `Machine-like filler: "${hit[0]}"` }] : [];
}

/** Every mechanical check, in the order hard-rules.ts lists their rules. */
export const QA_CHECKS = [
  checkMarkdownMarkers,
  checkSectionCount,
  checkWordCount,
  checkProductionFailures,
  checkHiddenCosts,
  checkWhenNotToUse,
  checkSr4Dr4Fibers,
  checkPowerPerPort,
  checkPriceSeparation,
  checkFiller,
] as const;

export function runQaChecks(text: string): QualityIssue[] {
  return QA_CHECKS.flatMap((check) => check(text));
}

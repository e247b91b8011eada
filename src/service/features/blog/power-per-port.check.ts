import type { QualityIssue } from '../../../shared/api/blog/blog-drafts.schemas.js';
import { MODULE_POWER_CLASSES, type ModulePowerClass } from '../../../shared/facts/module-power.facts.js';
import { sentences } from './text-structure.js';

/** The hard rule's figures: about 10-15 W per port at 400G and 15-25 W at 800G, for a port whose module is not named. */
export const POWER_PER_PORT_W = { 400: [10, 15], 800: [15, 25] } as const;

const SPEED_TOKEN = /\b(400|800)\s?G(?:bE|BASE\S*|b\/s)?\b/gi;
const WATTS = /(\d+(?:\.\d+)?)(?:\s?(?:-|–|to|and)\s?(\d+(?:\.\d+)?))?\s?(?:W|watts?)\b/gi;
/** Clause breaks: commas, semicolons, and "and"/"while"/"but"/"whereas" unless a number follows ("between 10 and 15 W"). */
const CLAUSE_BREAK = /[,;]|\b(?:and|while|but|whereas)\b(?!\s*\d)/i;
/** Larger wattages are a switch's or a rack's, not one port's. */
const PER_PORT_CEILING_W = 60;
const FORM_FACTOR = /\b(QSFP112|QSFP-DD800|QSFP-DD|OSFP224|OSFP|CFP2)\b/gi;

/** How a draft names a class's optic: the part after BASE- or G- ("SR4", "LR4-10", "2xFR4"), "400ZR", "ZR+". */
function opticCode(standard: string): string {
  if (standard === 'OpenZR+') return 'ZR+';
  const base = /^[\d.]+[GT](?:BASE)?-(.+)$/.exec(standard);
  return base === null ? standard : base[1]!;
}

/** The line rate of a class, from its standard's name (OpenZR+ is sold at 400G in this catalogue). */
function speedOf(standard: string): number {
  const rate = /^([\d.]+)([GT])/.exec(standard);
  return rate === null ? 400 : Number(rate[1]) * (rate[2] === 'T' ? 1000 : 1);
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CODES = [...new Set(MODULE_POWER_CLASSES.map((c) => opticCode(c.standard)))].sort((a, b) => b.length - a.length);
const CODE_TOKEN = new RegExp(`(?<![\\w+])(?:OpenZR\\+|${CODES.map(escape).join('|')})(?![\\w+.]|-\\d)`, 'gi');

function speedsIn(text: string): Array<{ at: number; gbps: 400 | 800 }> {
  return [...text.matchAll(SPEED_TOKEN)].map((m) => ({ at: m.index, gbps: Number(m[1]) as 400 | 800 }));
}

/** The module classes a piece of text names: its optic codes, narrowed by the speeds and form factors it names. */
function classesIn(text: string): ModulePowerClass[] {
  const codes = new Set([...text.matchAll(CODE_TOKEN)].map((m) => (m[0].toUpperCase() === 'OPENZR+' ? 'ZR+' : m[0].toUpperCase())));
  if (codes.size === 0) return [];
  const speeds = new Set(speedsIn(text).map((s) => s.gbps as number));
  const forms = new Set([...text.matchAll(FORM_FACTOR)].map((m) => m[1]!.toUpperCase()));
  return MODULE_POWER_CLASSES.filter(
    (c) =>
      codes.has(opticCode(c.standard).toUpperCase()) &&
      (speeds.size === 0 || speeds.has(speedOf(c.standard))) &&
      (forms.size === 0 || forms.has(c.formFactor.toUpperCase())),
  );
}

/**
 * A stated wattage is judged against the module class the draft names next to it (its clause, else its sentence):
 * within the class's datasheet range (src/shared/facts/module-power.facts.ts), so a draft quoting the catalogue's
 * own figure for a QSFP112 SR4, a 400ZR or an 800G SR8 keeps the rule. A port whose module is not named is judged by
 * the rule's per-port figures (10-15 W at 400G, 15-25 W at 800G), against the 400G/800G mention nearest to it.
 * Wattages of 60 W and more are a switch's, not a port's.
 */
export function checkPowerPerPort(text: string): QualityIssue[] {
  const issues: QualityIssue[] = [];
  for (const sentence of sentences(text)) {
    const sentenceSpeeds = speedsIn(sentence);
    const sentenceClasses = classesIn(sentence);
    if (sentenceSpeeds.length === 0 && sentenceClasses.length === 0) continue;
    for (const clause of sentence.split(new RegExp(CLAUSE_BREAK, 'gi'))) {
      const clauseSpeeds = speedsIn(clause);
      const clauseClasses = classesIn(clause);
      for (const w of clause.matchAll(WATTS)) {
        const values = [Number(w[1]), ...(w[2] === undefined ? [] : [Number(w[2])])];
        if (values.some((v) => v >= PER_PORT_CEILING_W)) continue;
        const classes = clauseClasses.length > 0 ? clauseClasses : clauseSpeeds.length > 0 ? [] : sentenceClasses;
        if (classes.length > 0) {
          const low = Math.min(...classes.map((c) => c.rangeW[0]));
          const high = Math.max(...classes.map((c) => c.rangeW[1]));
          if (values.some((v) => v < low || v > high)) {
            const names = [...new Set(classes.map((c) => `${c.standard} ${c.formFactor}`))].join(', ');
            issues.push({
              rule: 'power_per_port',
              message: `${w[0]} is outside the ${low}-${high} W datasheet range of ${names}: "${sentence.slice(0, 160)}"`,
            });
          }
          continue;
        }
        if (sentenceSpeeds.length === 0) continue;
        const at = clauseSpeeds.length > 0 ? w.index : sentence.indexOf(w[0]);
        const nearest = (clauseSpeeds.length > 0 ? clauseSpeeds : sentenceSpeeds).reduce((a, b) => (Math.abs(b.at - at) < Math.abs(a.at - at) ? b : a));
        const [low, high] = POWER_PER_PORT_W[nearest.gbps];
        if (values.some((v) => v < low || v > high)) {
          issues.push({ rule: 'power_per_port', message: `${w[0]} at ${nearest.gbps}G is outside the ${low}-${high} W per port: "${sentence.slice(0, 160)}"` });
        }
      }
    }
  }
  return issues;
}

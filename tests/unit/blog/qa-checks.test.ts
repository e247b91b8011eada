import { describe, expect, it } from 'vitest';
import {
  checkFiller,
  checkHiddenCosts,
  checkMarkdownMarkers,
  checkPowerPerPort,
  checkPriceSeparation,
  checkProductionFailures,
  checkSectionCount,
  checkSr4Dr4Fibers,
  checkWhenNotToUse,
  checkWordCount,
  QA_CHECKS,
  stripMarkdownMarkers,
} from '../../../src/service/features/blog/qa-checks.js';
import { HARD_RULES, systemPrompt } from '../../../src/service/features/blog/hard-rules.js';

const rules = (issues: Array<{ rule: string }>) => issues.map((i) => i.rule);
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('QA checks, one per mechanical hard rule', () => {
  it('plain_text: finds header and bold markers and strips them', () => {
    const text = '## Why 800G\n\nThe **fast** part and the __other__ part.\n\n# Costs #';
    expect(checkMarkdownMarkers(text)).toHaveLength(2);
    const stripped = stripMarkdownMarkers(text);
    expect(stripped).toBe('Why 800G\n\nThe fast part and the other part.\n\nCosts');
    expect(checkMarkdownMarkers(stripped)).toEqual([]);
    // A hash inside a sentence and a single asterisk are no markers.
    expect(checkMarkdownMarkers('Port #3 failed. 5 * 8 = 40.')).toEqual([]);
  });

  it('max_sections: counts heading lines followed by text, at most 6', () => {
    const sections = (n: number) => Array.from({ length: n }, (_, i) => `Heading number ${i + 1}\n\nA paragraph of text for it.`).join('\n\n');
    expect(checkSectionCount(sections(6))).toEqual([]);
    expect(checkSectionCount(sections(7))).toEqual([{ rule: 'max_sections', message: 'Has 7 sections; at most 6 are allowed' }]);
    // Sentences ending in a full stop are not headings.
    expect(checkSectionCount(Array.from({ length: 8 }, () => 'Short sentence.').join('\n\n'))).toEqual([]);
  });

  it('min_words: at least 2,500 words', () => {
    expect(checkWordCount(words(2500))).toEqual([]);
    expect(checkWordCount(words(2499))).toEqual([{ rule: 'min_words', message: 'Has 2499 words; at least 2,500 are required' }]);
  });

  it('production_failures: at least two paragraphs describing a failure', () => {
    const one = 'The link flapped every night until we cleaned the connectors.\n\nPrices are stable.';
    expect(rules(checkProductionFailures(one))).toEqual(['production_failures']);
    expect(checkProductionFailures(`${one}\n\nA batch of optics failed at 70 °C in a hot aisle.`)).toEqual([]);
  });

  it('hidden_costs and when_not_to_use: named in so many words', () => {
    expect(rules(checkHiddenCosts('Costs are low.'))).toEqual(['hidden_costs']);
    expect(checkHiddenCosts('The hidden costs are in the fiber plant.')).toEqual([]);
    expect(rules(checkWhenNotToUse('Use DR4 everywhere.'))).toEqual(['when_not_to_use']);
    expect(checkWhenNotToUse('When not to use DR4: in a single rack.')).toEqual([]);
  });

  it('sr4_dr4_fibers: both 8 fibers, SR4 multimode, DR4 single-mode', () => {
    expect(checkSr4Dr4Fibers('SR4 and DR4 both use 8 fibers; SR4 runs over multimode fiber and DR4 over single-mode fiber.')).toEqual([]);
    expect(checkSr4Dr4Fibers('400GBASE-DR4 uses 8 fibres of single-mode fiber on a 12-fiber MPO connector.')).toEqual([]);
    expect(rules(checkSr4Dr4Fibers('400GBASE-SR4 runs over single-mode fiber.'))).toEqual(['sr4_dr4_fibers']);
    expect(rules(checkSr4Dr4Fibers('DR4 needs multimode OM4 fiber.'))).toEqual(['sr4_dr4_fibers']);
    expect(rules(checkSr4Dr4Fibers('SR4 uses 4 fibers.'))).toEqual(['sr4_dr4_fibers']);
    expect(rules(checkSr4Dr4Fibers('Unlike SR4 on multimode, DR4 uses 12 fibers.'))).toEqual(['sr4_dr4_fibers']);
  });

  it('power_per_port: about 10-15 W at 400G and 15-25 W at 800G', () => {
    expect(checkPowerPerPort('Expect about 10 to 15 W per port at 400G and about 15 to 25 W per port at 800G.')).toEqual([]);
    expect(checkPowerPerPort('A 400G module draws 12 W, an 800G module 16.5 W.')).toEqual([]);
    expect(rules(checkPowerPerPort('A 400G module draws 20 W.'))).toEqual(['power_per_port']);
    expect(rules(checkPowerPerPort('800G optics need only 9 watts per port.'))).toEqual(['power_per_port']);
    // A switch's total is not a port's.
    expect(checkPowerPerPort('A switch with 32 ports of 800G draws 750 W.')).toEqual([]);
  });

  it("power_per_port: a wattage stated for a named module class is judged against that class's datasheet range", () => {
    // the catalogue's own datasheet figures pass their own check
    expect(checkPowerPerPort('The 400G QSFP112 SR4 module draws 8 W.')).toEqual([]);
    expect(checkPowerPerPort('A 400ZR QSFP-DD module draws about 18 W per port.')).toEqual([]);
    expect(checkPowerPerPort('At 400G, a 400ZR pluggable in a QSFP-DD port draws 20 W, while the OpenZR+ module draws 22 W.')).toEqual([]);
    expect(checkPowerPerPort('An 800G SR8 in OSFP draws 13 W.')).toEqual([]);
    expect(checkPowerPerPort('800GBASE-SR8 optics draw 12 to 14 W.')).toEqual([]);
    // ... and a figure outside the class's range still fails
    expect(rules(checkPowerPerPort('The 400G QSFP112 SR4 module draws 14 W.'))).toEqual(['power_per_port']);
    expect(rules(checkPowerPerPort('A 400ZR QSFP-DD module draws only 9 W.'))).toEqual(['power_per_port']);
    expect(checkPowerPerPort('A 400ZR QSFP-DD module draws only 9 W.')[0]!.message).toContain('17-20 W datasheet range of 400ZR QSFP-DD');
  });

  it('price_separation: every price says original-vendor or compatible', () => {
    expect(checkPriceSeparation('The original-vendor part costs $1,200. The compatible part costs $310.')).toEqual([]);
    expect(checkPriceSeparation('OEM optics list at 900 EUR.')).toEqual([]);
    expect(rules(checkPriceSeparation('Prices range from $300 to $1,200.'))).toEqual(['price_separation']);
  });

  it('no_filler: stock phrases of machine text', () => {
    expect(rules(checkFiller("In today's fast-paced world, optics matter."))).toEqual(['no_filler']);
    expect(checkFiller('Optics matter.')).toEqual([]);
  });

  it('each checked hard rule has its check, and there are at least 21 rules', () => {
    expect(HARD_RULES.length).toBeGreaterThanOrEqual(21);
    expect(HARD_RULES.filter((r) => r.checked)).toHaveLength(QA_CHECKS.length);
    const prompt = systemPrompt({ records: 0, averages: null, comments: [] });
    for (const rule of HARD_RULES) expect(prompt).toContain(rule.text);
  });

  it('the system prompt carries the accumulated feedback', () => {
    const averages = {
      accuracy: 8,
      technical_depth: 3,
      practical_value: 7,
      originality: 6,
      structure: 8,
      readability: 9,
      human_tone: 4,
      sales_relevance: 5,
    };
    const prompt = systemPrompt({ records: 3, averages, comments: ['More about coding for Arista switches'] });
    expect(prompt).toContain('Accumulated feedback from 3 review(s)');
    expect(prompt).toContain('Improve most on: technical_depth, human_tone, sales_relevance.');
    expect(prompt).toContain('- More about coding for Arista switches');
  });
});

/**
 * Article text for blog-pipeline tests: long enough (over 2,500 words) and keeping every mechanical hard rule, so a
 * test can break exactly one rule on purpose.
 */
const FILLER_SENTENCE =
  'Engineers plan the fiber plant with the cabling team, check the optical budget against the measured loss, and keep spares coded for each switch platform in the same cage.';

/** `paragraphs` per section (12 by default, about 720 words each): fewer make an article under the word minimum. */
export function goodArticle(options: { sections?: number; paragraphs?: number; extra?: string } = {}): string {
  const sections = options.sections ?? 5;
  const parts: string[] = [
    'SR4 and DR4 both use 8 fibers (4 transmit + 4 receive); SR4 runs over multimode fiber and DR4 over single-mode fiber.',
    'Expect about 12 W per port at 400G and about 18 W per port at 800G.',
    'The original-vendor part lists at 1,450 USD. The compatible part costs 390 USD.',
    'The hidden costs sit in the fiber plant, the spares and the engineering time.',
    'When not to use DR4: inside one rack, where a copper cable is cheaper.',
    'A batch of optics failed at 70 °C in a hot aisle until the airflow was fixed.',
    'The link flapped every night because a dirty connector lost 2 dB; cleaning it fixed the outage.',
  ];
  for (let s = 1; s <= sections; s += 1) {
    parts.push(`Part ${s} of the choice`);
    for (let p = 0; p < (options.paragraphs ?? 12); p += 1) parts.push(Array.from({ length: 2 }, () => FILLER_SENTENCE).join(' '));
  }
  if (options.extra) parts.push(options.extra);
  return parts.join('\n\n');
}

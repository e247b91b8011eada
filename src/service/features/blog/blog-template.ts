import type { BlogTopicType } from '../../../shared/vocabulary/blog.vocabulary.js';
import type { BlogFacts, StandardFacts } from './blog-facts.service.js';

/**
 * The draft a generate request gets at once, before (or without) the language model: written from the facts only,
 * in the same plain-text format the pipeline writes (headings as lines of their own). It says that it is a template.
 */
export interface TemplateDraft {
  title: string;
  body: string;
  keywords: string[];
}

function templateTitle(type: BlogTopicType, facts: BlogFacts, year: number): string {
  if (facts.hot_topic) return facts.hot_topic.title;
  const speed = facts.speed_label;
  const [a, b] = facts.standards;
  switch (type) {
    case 'hype_cycle':
      return `Where ${speed} optics stand on the hype cycle in ${year}`;
    case 'comparison':
      return a && b ? `${a.standard} or ${b.standard}: choosing ${speed} optics` : `Comparing ${speed} optics`;
    case 'new_product':
      return `New ${speed} optics: what buyers should know`;
    case 'tutorial':
      return `How to choose ${speed} transceivers`;
  }
}

function money(value: number, currency: string | null): string {
  return `${value.toLocaleString('en-GB', { maximumFractionDigits: 2 })} ${currency ?? ''}`.trim();
}

function standardParagraph(s: StandardFacts, facts: BlogFacts): string {
  const prices: string[] = [];
  if (s.original_vendor_price !== null) prices.push(`The median original-vendor price is ${money(s.original_vendor_price, facts.currency)}.`);
  if (s.compatible_price !== null) prices.push(`The median compatible price is ${money(s.compatible_price, facts.currency)}.`);
  return `${s.standard} (${s.fiber_type}, ${s.reach_label}): ${s.products} product(s) in the catalogue. ${prices.join(' ')}`.trim();
}

function keywordsOf(type: BlogTopicType, facts: BlogFacts): string[] {
  const words = [facts.speed_label, ...facts.standards.slice(0, 3).map((s) => s.standard), type.replace('_', ' '), ...(facts.hot_topic?.keywords ?? [])];
  return [...new Set(words.map((w) => w.trim()).filter((w) => w.length > 0))].slice(0, 12);
}

export function templateDraft(type: BlogTopicType, facts: BlogFacts, title: string | undefined, nowMs: number): TemplateDraft {
  const year = new Date(nowMs).getUTCFullYear();
  const speed = facts.speed_label;
  const sections: string[] = [
    `This is a template draft written from the catalogue, the lifecycle forecast and the hot topics. The language-model pipeline rewrites it into the full article.`,
    'What the catalogue shows',
    facts.standards.length === 0
      ? `The catalogue holds no ${speed} products yet.`
      : [
          `The catalogue lists ${facts.products} ${speed} product(s). Original-vendor and compatible prices are given apart, each as the median of the latest price per product.`,
          facts.standards.every((s) => s.original_vendor_price === null)
            ? `The catalogue records no original-vendor (OEM) price at ${speed}: every price below is a compatible part's.`
            : '',
          ...facts.standards.map((s) => standardParagraph(s, facts)),
          facts.prices_are_demo ? 'The prices above are generated demo data, not observed shop prices.' : '',
        ]
          .filter((p) => p.length > 0)
          .join('\n\n'),
  ];
  if (facts.technology) {
    const t = facts.technology;
    sections.push(
      'Where the technology stands',
      `The lifecycle model places ${t.name} in the phase "${t.phase}", with an estimated ${(t.adoption_share_now * 100).toFixed(1)} % of its eventual adoption reached today.` +
        (t.next_year_units_millions === null ? '' : ` Its estimate for next year is ${t.next_year_units_millions.toFixed(2)} million units.`) +
        ' These figures are model estimates, not measurements.',
    );
  }
  if (facts.hot_topic) {
    sections.push('Why now', [facts.hot_topic.summary, ...facts.hot_topic.evidence.slice(0, 5).map((e) => `Evidence: ${e}.`)].join('\n\n'));
  }
  sections.push(
    'Facts the article keeps',
    `SR4 and DR4 both use 8 fibers (4 transmit + 4 receive); SR4 runs over multimode fiber and DR4 over single-mode fiber. Expect about 10 to 15 W per port at 400G and about 15 to 25 W per port at 800G. The full article adds what goes wrong in real networks, the costs buyers overlook, and the cases where each option is the wrong choice.`,
  );
  return { title: title ?? templateTitle(type, facts, year), body: sections.join('\n\n'), keywords: keywordsOf(type, facts) };
}

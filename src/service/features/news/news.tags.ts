/**
 * Topic tags of a fetched article, in the vocabulary of the seed's articles ("400g", "qsfp-dd", "coherent"), so the
 * News tab's tag filter and the forecast's media sentiment (which selects articles by tag) treat both alike.
 */
const SPEED = /\b(1|10|25|40|50|100|200|400|800)\s?g(?:b(?:it)?e?|bps)?\b|\b(1\.6|3\.2)\s?t(?:b(?:it)?e?|bps)?\b/gi;
const KEYWORDS: ReadonlyArray<[RegExp, string]> = [
  [/\bqsfp-?dd\b/i, 'qsfp-dd'],
  [/\bosfp\b/i, 'osfp'],
  [/\bqsfp(?:28|56|112|\+)?\b/i, 'qsfp'],
  [/\bsfp(?:28|56|112|\+)?\b/i, 'sfp'],
  [/\bcoherent\b|\b400zr\b|\bzr\+?\b/i, 'coherent'],
  [/\blpo\b|linear[- ]drive/i, 'lpo'],
  [/\bcpo\b|co-packaged/i, 'cpo'],
  [/\bpon\b|gpon|xgs-pon/i, 'pon'],
  [/\bieee\b|802\.3/i, 'standard'],
  [/\bmsa\b/i, 'msa'],
  [/\bacquir|acquisition\b/i, 'acquisition'],
];

export function tagsOf(text: string, categories: readonly string[]): string[] {
  const tags = new Set<string>();
  for (const match of text.matchAll(SPEED)) tags.add(match[1] ? `${match[1]}g` : `${match[2]}t`);
  for (const [pattern, tag] of KEYWORDS) if (pattern.test(text)) tags.add(tag);
  for (const category of categories) {
    const slug = category
      .toLowerCase()
      .replace(/[^a-z0-9.+-]+/g, '-')
      .replace(/^-+|-+$/g, '');
    if (slug.length > 0 && slug.length <= 40) tags.add(slug);
  }
  return [...tags].slice(0, 12);
}

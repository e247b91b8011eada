/**
 * How the blog engine reads its plain-text format: paragraphs separated by blank lines, a section heading is a
 * paragraph of one short line without closing punctuation. The QA checks, the word count and the exports share it.
 */

export const MAX_HEADING_CHARS = 90;
export const MAX_HEADING_WORDS = 12;

export function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

export function isHeading(paragraph: string): boolean {
  const words = paragraph.split(/\s+/).length;
  return !paragraph.includes('\n') && paragraph.length <= MAX_HEADING_CHARS && words <= MAX_HEADING_WORDS && !/[.!?:;,]$/.test(paragraph);
}

/** Section headings, in order: heading paragraphs followed by at least one more paragraph. */
export function sectionHeadings(text: string): string[] {
  const blocks = paragraphs(text);
  return blocks.filter((p, i) => i < blocks.length - 1 && isHeading(p));
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Sentences, roughly: split after . ! ? followed by space, and at line breaks. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

import type { Draft } from '../../../shared/api/blog/blog-drafts.schemas.js';
import { hashtag } from '../../../shared/vocabulary/blog.vocabulary.js';
import { isHeading, paragraphs } from './text-structure.js';

/** The draft as a file: plain text, or a standalone HTML page (headings as h2, paragraphs as p, everything escaped). */

function templateNote(draft: Draft): string | null {
  return draft.is_template ? 'Template draft: written from the catalogue without the language model.' : null;
}

export function draftAsText(draft: Draft): string {
  const lines = [draft.title, '', draft.body.trim(), ''];
  if (draft.keywords.length > 0) lines.push(draft.keywords.map(hashtag).join(' '), '');
  const note = templateNote(draft);
  if (note) lines.push(note, '');
  return lines.join('\n');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function draftAsHtml(draft: Draft): string {
  const blocks = paragraphs(draft.body);
  const body = blocks
    .map((p, i) => (i < blocks.length - 1 && isHeading(p) ? `<h2>${escapeHtml(p)}</h2>` : `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`))
    .join('\n');
  const note = templateNote(draft);
  return [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${escapeHtml(draft.title)}</title></head>`,
    '<body>',
    '<article>',
    `<h1>${escapeHtml(draft.title)}</h1>`,
    body,
    draft.keywords.length > 0 ? `<p class="keywords">${escapeHtml(draft.keywords.map(hashtag).join(' '))}</p>` : '',
    note ? `<p class="note">${escapeHtml(note)}</p>` : '',
    '</article>',
    '</body>',
    '</html>',
    '',
  ]
    .filter((l) => l.length > 0)
    .join('\n');
}

import type { Block, PageText } from './pdf-text.types.js';
import { type TextLine, documentLines } from './text-lines.builder.js';

/**
 * Text layer -> markdown blocks. The text layer has no structure, so structure is inferred from layout:
 * - headings: lines set clearly larger than the body text (the most common size), levels by size rank;
 * - lists: lines starting with a bullet glyph or an item number ("1." "2)" "a)");
 * - tables: two or more consecutive lines that each split into cells at wide gaps, with cells aligned in columns;
 * - paragraphs: the remaining lines, joined until a wider vertical gap, a heading, a list or a table.
 */
const HEADING_RATIO = 1.2;
const MAX_HEADING_CHARS = 150;
/** Baseline distance above this many font sizes starts a new paragraph (normal leading is 1.2 to 1.5). */
const PARAGRAPH_GAP_EM = 1.7;

const BULLET = /^([•▪‣◦●■□–—*·-])\s+(.*)$/u;
const NUMBERED = /^(\(?(\d{1,3}|[a-z])[.)])\s+(.*)$/;

export interface MarkdownResult {
  blocks: Block[];
  markdown: string;
  /** Characters of text found (0 means the PDF has no text layer). */
  textChars: number;
}

function bodySize(lines: TextLine[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) weight.set(line.size, (weight.get(line.size) ?? 0) + line.text.length);
  return [...weight].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

function isHeading(line: TextLine, body: number): boolean {
  return line.size >= body * HEADING_RATIO && line.text.length <= MAX_HEADING_CHARS && /\p{L}/u.test(line.text);
}

function listMarker(text: string): { ordered: boolean; rest: string } | undefined {
  const bullet = BULLET.exec(text);
  if (bullet) return { ordered: false, rest: bullet[2] as string };
  const numbered = NUMBERED.exec(text);
  if (numbered) return { ordered: true, rest: `${(numbered[2] as string).replace(/^\(/, '')}. ${numbered[3] as string}` };
  return undefined;
}

/** Column spans of a table candidate: overlapping cell spans merge, so left-, right- and centre-aligned cells all line up. */
function columnsOf(lines: TextLine[]): Array<{ x: number; end: number }> {
  const spans = lines.flatMap((l) => l.segments.map((s) => ({ x: s.x, end: s.end }))).sort((a, b) => a.x - b.x);
  const columns: Array<{ x: number; end: number }> = [];
  for (const span of spans) {
    const last = columns[columns.length - 1];
    if (last && span.x <= last.end) last.end = Math.max(last.end, span.end);
    else columns.push({ ...span });
  }
  return columns;
}

function tableRows(lines: TextLine[]): string[][] | undefined {
  const columns = columnsOf(lines);
  const widest = Math.max(...lines.map((l) => l.segments.length));
  // Cells that do not line up (prose with wide gaps) merge into fewer columns than some row has: not a table.
  if (columns.length < 2 || columns.length < widest) return undefined;
  const rows: string[][] = [];
  for (const line of lines) {
    const row = columns.map(() => '');
    for (const s of line.segments) {
      const index = columns.findIndex((c) => s.x >= c.x && s.x <= c.end);
      // Two cells of one line in the same column: the gaps are not column gaps.
      if (row[index] !== '') return undefined;
      row[index] = s.text;
    }
    rows.push(row);
  }
  return rows;
}

function joinParagraph(previous: string, next: string): string {
  // A word broken at the line end ("trans-" + "ceiver") is joined; "SFP-" + "DD" style part numbers are kept.
  if (/\p{Ll}-$/u.test(previous) && /^\p{Ll}/u.test(next)) return previous.slice(0, -1) + next;
  return `${previous} ${next}`;
}

export function buildBlocks(pages: PageText[]): Block[] {
  const lines = documentLines(pages);
  const body = bodySize(lines);
  const headingSizes = [...new Set(lines.filter((l) => isHeading(l, body)).map((l) => l.size))].sort((a, b) => b - a);
  const blocks: Block[] = [];
  let previous: TextLine | undefined;
  let listIndent = 0;

  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as TextLine;
    const last = blocks[blocks.length - 1];
    const samePage = previous?.page === line.page;
    const gap = samePage && previous ? previous.y - line.y : Number.POSITIVE_INFINITY;
    const close = gap <= PARAGRAPH_GAP_EM * Math.max(line.size, previous?.size ?? 0);

    if (isHeading(line, body)) {
      const level = Math.min(headingSizes.indexOf(line.size) + 1, 6);
      // A heading wrapped onto two lines continues the previous heading of the same size.
      if (last?.kind === 'heading' && last.level === level && close && previous?.size === line.size) last.text += ` ${line.text}`;
      else blocks.push({ kind: 'heading', level, text: line.text, page: line.page });
    } else if (line.segments.length >= 2 && (lines[i + 1]?.segments.length ?? 0) >= 2 && lines[i + 1]?.page === line.page) {
      let end = i + 1;
      while (end + 1 < lines.length && (lines[end + 1] as TextLine).segments.length >= 2 && lines[end + 1]?.page === line.page) end += 1;
      const rows = tableRows(lines.slice(i, end + 1));
      if (rows) {
        blocks.push({ kind: 'table', rows, page: line.page });
        previous = lines[end];
        i = end;
        continue;
      }
      blocks.push({ kind: 'paragraph', text: line.text, page: line.page });
    } else {
      const marker = listMarker(line.text);
      if (marker) {
        if (last?.kind === 'list' && last.ordered === marker.ordered && close) last.items.push(marker.rest);
        else blocks.push({ kind: 'list', ordered: marker.ordered, items: [marker.rest], page: line.page });
        listIndent = line.x;
      } else if (last?.kind === 'list' && close && line.x > listIndent + 0.5) {
        // An indented line under a list item continues that item.
        const items = last.items;
        items[items.length - 1] = joinParagraph(items[items.length - 1] as string, line.text);
      } else if (last?.kind === 'paragraph' && close && samePage) {
        last.text = joinParagraph(last.text, line.text);
      } else {
        blocks.push({ kind: 'paragraph', text: line.text, page: line.page });
      }
    }
    previous = line;
  }
  return blocks;
}

const escapeCell = (cell: string) => cell.replace(/\|/g, '\\|');

export function blockMarkdown(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `${'#'.repeat(block.level)} ${block.text}`;
    case 'paragraph':
      return block.text;
    case 'list':
      return block.items.map((item) => (block.ordered ? item : `- ${item}`)).join('\n');
    case 'table': {
      const [header = [], ...rows] = block.rows;
      const line = (cells: string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
      return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
    }
  }
}

export function buildMarkdown(pages: PageText[]): MarkdownResult {
  const blocks = buildBlocks(pages);
  const textChars = pages.reduce((sum, page) => sum + page.runs.reduce((n, r) => n + r.text.trim().length, 0), 0);
  return { blocks, markdown: blocks.map(blockMarkdown).join('\n\n'), textChars };
}

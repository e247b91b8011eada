import { blockMarkdown } from './markdown.builder.js';
import type { Block, Chunk } from './pdf-text.types.js';

/**
 * Splits the markdown blocks into overlapping chunks for embedding.
 * Sizes (characters; about 4 characters per token in English):
 * - target 1,000 (~250 tokens): long enough to hold a table or a procedure, short enough that one chunk is about
 *   one topic, which keeps its vector specific; it fits every provider (USE-lite, nomic-embed-text's 8k context);
 * - maximum 1,400 (plus the heading lines that open a section): a block that does not fit is split (tables by
 *   rows with the header repeated, prose by sentences, then words), and the overlap is left out where it would not fit;
 * - overlap 150 (~40 tokens): the tail of the previous chunk is repeated at the start of the next one when a
 *   section is split by size, so a sentence cut at the boundary is still found whole; no overlap across sections.
 * A heading of level 1-2 always starts a new chunk; deeper headings do when the current chunk is half full.
 */
export interface ChunkOptions {
  targetChars: number;
  maxChars: number;
  overlapChars: number;
}

export const DEFAULT_CHUNK_OPTIONS: ChunkOptions = { targetChars: 1000, maxChars: 1400, overlapChars: 150 };

export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

interface Piece {
  text: string;
  page: number;
}

function splitLong(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const sentences = text.match(/[^.!?\n]+(?:[.!?]+|\n|$)\s*/g) ?? [text];
  const out: string[] = [];
  let current = '';
  const push = (part: string) => {
    if ((current + part).length > max && current !== '') {
      out.push(current.trim());
      current = '';
    }
    current += part;
  };
  for (const sentence of sentences) {
    if (sentence.length <= max) push(sentence);
    else for (const word of sentence.split(/(?<=\s)/)) push(word.length > max ? word.slice(0, max) : word);
  }
  if (current.trim() !== '') out.push(current.trim());
  return out;
}

/** A block as one or more pieces no longer than max; tables repeat their header row in every piece. */
function piecesOf(block: Block, options: ChunkOptions): Piece[] {
  const whole = blockMarkdown(block);
  if (whole.length <= options.maxChars) return [{ text: whole, page: block.page }];
  if (block.kind === 'table' && block.rows.length > 2) {
    const [header = [], ...rows] = block.rows;
    const pieces: Piece[] = [];
    let batch: string[][] = [];
    const flush = () => {
      if (batch.length > 0) pieces.push({ text: blockMarkdown({ ...block, rows: [header, ...batch] }), page: block.page });
      batch = [];
    };
    for (const row of rows) {
      if (blockMarkdown({ ...block, rows: [header, ...batch, row] }).length > options.targetChars && batch.length > 0) flush();
      batch.push(row);
    }
    flush();
    return pieces.flatMap((p) => splitLong(p.text, options.maxChars).map((text) => ({ text, page: p.page })));
  }
  return splitLong(whole, options.targetChars).map((text) => ({ text, page: block.page }));
}

/** The last ~overlapChars of a chunk, starting at a sentence or word boundary. */
export function overlapTail(text: string, overlapChars: number): string {
  if (overlapChars <= 0) return '';
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= overlapChars) return flat;
  const window = flat.slice(flat.length - overlapChars);
  const sentence = window.search(/[.!?]\s+\S/);
  if (sentence >= 0 && sentence < window.length - 20) return window.slice(sentence + 1).trim();
  const space = window.indexOf(' ');
  return (space >= 0 ? window.slice(space + 1) : window).trim();
}

export function chunkBlocks(blocks: Block[], options: ChunkOptions = DEFAULT_CHUNK_OPTIONS): Chunk[] {
  const chunks: Chunk[] = [];
  const path: string[] = [];
  const currentPath = () => path.filter((p) => p !== '').join(' > ');
  let parts: string[] = [];
  let length = 0;
  let hasBody = false;
  let heading = '';
  let pageStart = 0;
  let pageEnd = 0;
  let carried = false;

  const begin = (carry: string) => {
    parts = carry === '' ? [] : [carry];
    length = carry.length;
    hasBody = false;
    heading = currentPath();
    pageStart = carry === '' ? 0 : pageEnd;
    carried = carry !== '';
  };
  const flush = (carryOverlap: boolean) => {
    if (!hasBody) return;
    const text = parts.join('\n\n');
    chunks.push({ idx: chunks.length, heading, text, tokens: estimateTokens(text), pageStart, pageEnd });
    begin(carryOverlap ? overlapTail(text, options.overlapChars) : '');
  };
  const add = (text: string, page: number) => {
    if (pageStart === 0) pageStart = page;
    parts.push(text);
    length += text.length + 2;
    pageEnd = page;
  };

  for (const block of blocks) {
    if (block.kind === 'heading') {
      if (hasBody && (block.level <= 2 || length >= options.targetChars / 2)) flush(false);
      // Overlap belongs to the section it came from: a chunk that starts at a heading starts clean.
      if (!hasBody && carried) begin('');
      path.splice(block.level - 1);
      while (path.length < block.level - 1) path.push('');
      path.push(block.text);
      // Headings with no body yet (a title, then a section heading) share the chunk, which takes the deepest path.
      if (!hasBody) heading = currentPath();
      add(blockMarkdown(block), block.page);
      continue;
    }
    for (const piece of piecesOf(block, options)) {
      if (hasBody && length + piece.text.length > options.targetChars) flush(true);
      // The overlap gives way when it would push a chunk over the maximum.
      if (carried && !hasBody && length + piece.text.length > options.maxChars) begin('');
      add(piece.text, piece.page);
      hasBody = true;
    }
  }
  flush(false);
  return chunks;
}

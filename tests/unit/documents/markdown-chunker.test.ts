import { describe, expect, it } from 'vitest';
import { DEFAULT_CHUNK_OPTIONS, chunkBlocks, estimateTokens, overlapTail } from '../../../src/service/features/documents/markdown.chunker.js';
import type { Block } from '../../../src/service/features/documents/pdf-text.types.js';

const heading = (level: number, text: string, page = 1): Block => ({ kind: 'heading', level, text, page });
const para = (text: string, page = 1): Block => ({ kind: 'paragraph', text, page });
const sentence = (n: number) => `Sentence number ${n} explains one more detail of installing optical modules safely.`;
const sentences = (from: number, count: number) => Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');

describe('chunkBlocks', () => {
  it('starts a chunk at every level 1-2 heading and records the heading path', () => {
    const chunks = chunkBlocks([heading(1, 'Manual'), heading(2, 'Overview'), para('Short overview.'), heading(2, 'Installation'), para('Insert it.', 2)]);
    expect(chunks.map((c) => [c.heading, c.text, c.pageStart, c.pageEnd])).toEqual([
      ['Manual > Overview', '# Manual\n\n## Overview\n\nShort overview.', 1, 1],
      ['Manual > Installation', '## Installation\n\nInsert it.', 1, 2],
    ]);
    expect(chunks.map((c) => c.idx)).toEqual([0, 1]);
  });

  it('keeps small deeper sections together, and splits at a deeper heading once the chunk is half full', () => {
    const small = chunkBlocks([heading(2, 'A'), para('one'), heading(3, 'A.1'), para('two')]);
    expect(small).toHaveLength(1);
    const big = chunkBlocks([heading(2, 'A'), para(sentences(1, 8)), heading(3, 'A.1'), para('two')]);
    expect(big.map((c) => c.heading)).toEqual(['A', 'A > A.1']);
  });

  it('splits a long section by size, each chunk within the maximum, carrying an overlap from the previous one', () => {
    const chunks = chunkBlocks([heading(2, 'Procedure'), ...Array.from({ length: 12 }, (_, i) => para(sentences(i * 4, 4)))]);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(DEFAULT_CHUNK_OPTIONS.maxChars);
    for (let i = 1; i < chunks.length; i += 1) {
      const tail = overlapTail(chunks[i - 1]!.text, DEFAULT_CHUNK_OPTIONS.overlapChars);
      expect(tail.length).toBeGreaterThan(0);
      expect(chunks[i]!.text.startsWith(tail)).toBe(true);
      expect(chunks[i]!.heading).toBe('Procedure');
    }
    // Every sentence survives chunking.
    const all = chunks.map((c) => c.text).join('\n');
    for (let n = 0; n < 48; n += 1) expect(all).toContain(sentence(n));
  });

  it('leaves the overlap out where it would push a chunk over the maximum', () => {
    const long = 'Long block sentence about optics. '.repeat(40).trim(); // about 1,360 characters: fits alone
    const chunks = chunkBlocks([para(sentences(0, 10)), para(long)]);
    expect(chunks).toHaveLength(2);
    expect(chunks[1]!.text).toBe(long);
  });

  it('carries no overlap into a new section', () => {
    const chunks = chunkBlocks([heading(2, 'One'), para(sentences(1, 20)), heading(2, 'Two'), para('Fresh start.')]);
    expect(chunks[chunks.length - 1]!.text).toBe('## Two\n\nFresh start.');
  });

  it('splits one very long paragraph at sentence boundaries', () => {
    const chunks = chunkBlocks([para(sentences(0, 40))]);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(DEFAULT_CHUNK_OPTIONS.maxChars);
    expect(chunks[0]!.text.endsWith('safely.')).toBe(true);
  });

  it('splits a large table by rows and repeats the header row in every piece', () => {
    const rows = [['Part', 'Reach', 'Wavelength'], ...Array.from({ length: 60 }, (_, i) => [`QSFP28-LR4-${i}`, '10 km', '1295.56-1309.14 nm'])];
    const chunks = chunkBlocks([heading(2, 'Parts', 3), { kind: 'table', rows, page: 3 }]);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.text).toContain('| Part | Reach | Wavelength |\n| --- | --- | --- |');
      expect(c.pageStart).toBe(3);
    }
    const all = chunks.map((c) => c.text).join('\n');
    for (let i = 0; i < 60; i += 1) expect(all).toContain(`| QSFP28-LR4-${i} |`);
  });

  it('estimates tokens as characters / 4, rounded up', () => {
    const [chunk] = chunkBlocks([para('abcdefghij')]);
    expect(chunk!.tokens).toBe(3);
    expect(estimateTokens('')).toBe(0);
  });

  it('makes no chunk from headings alone or from nothing', () => {
    expect(chunkBlocks([])).toEqual([]);
    expect(chunkBlocks([heading(1, 'Only a title')])).toEqual([]);
  });
});

describe('overlapTail', () => {
  it('starts at a sentence boundary inside the window when there is one', () => {
    const text = `${'x'.repeat(200)} First part ends here. The tail sentence is kept whole.`;
    expect(overlapTail(text, 60)).toBe('The tail sentence is kept whole.');
  });

  it('otherwise starts at a word boundary, and returns short texts whole', () => {
    expect(overlapTail('alpha beta gamma delta epsilon', 12)).toBe('epsilon');
    expect(overlapTail('short', 150)).toBe('short');
    expect(overlapTail('anything', 0)).toBe('');
  });
});

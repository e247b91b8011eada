import { describe, expect, it } from 'vitest';
import { buildBlocks, buildMarkdown } from '../../../src/service/features/documents/markdown.builder.js';
import type { PageText, TextRun } from '../../../src/service/features/documents/pdf-text.types.js';

/** A run as pdfjs reports it; width follows Helvetica's average of about 0.5 em per character. */
const run = (text: string, x: number, y: number, size = 10): TextRun => ({ text, x, y, size, width: text.length * size * 0.5 });
const page = (number: number, runs: TextRun[]): PageText => ({ number, width: 595, height: 842, runs });

describe('buildBlocks', () => {
  it('takes headings from font size, with levels by size rank', () => {
    const blocks = buildBlocks([
      page(1, [
        run('Module Guide', 50, 780, 20),
        run('Optical interface', 50, 740, 14),
        run('The module sends light at 1310 nm over single-mode fibre for up to 10 km.', 50, 720),
        run('It is hot-pluggable and reports diagnostics over the management interface.', 50, 706),
      ]),
    ]);
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'heading', 'paragraph']);
    expect(blocks[0]).toMatchObject({ level: 1, text: 'Module Guide' });
    expect(blocks[1]).toMatchObject({ level: 2, text: 'Optical interface' });
    expect(blocks[2]).toMatchObject({ text: expect.stringMatching(/10 km\. It is hot-pluggable/) });
  });

  it('does not call a short body-size line a heading', () => {
    const blocks = buildBlocks([page(1, [run('Note', 50, 700), run('Keep the dust cap on unused ports.', 50, 686)])]);
    expect(blocks.every((b) => b.kind !== 'heading')).toBe(true);
  });

  it('starts a new paragraph at a wider vertical gap, joins hyphenated words, keeps part-number hyphens', () => {
    const blocks = buildBlocks([
      page(1, [run('The trans-', 50, 700), run('ceiver fits QSFP-', 50, 686), run('DD cages.', 50, 672), run('A second paragraph after a gap.', 50, 640)]),
    ]);
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'The transceiver fits QSFP- DD cages.', page: 1 },
      { kind: 'paragraph', text: 'A second paragraph after a gap.', page: 1 },
    ]);
  });

  it('finds bullet and numbered lists and folds indented continuation lines into their item', () => {
    const blocks = buildBlocks([
      page(1, [
        run('• Clean the connector', 60, 700),
        run('with a one-click cleaner', 78, 686),
        run('• Inspect the end face', 60, 672),
        run('1. Insert the module', 60, 640),
        run('2) Connect the fibre', 60, 626),
      ]),
    ]);
    expect(blocks).toEqual([
      { kind: 'list', ordered: false, items: ['Clean the connector with a one-click cleaner', 'Inspect the end face'], page: 1 },
      { kind: 'list', ordered: true, items: ['1. Insert the module', '2. Connect the fibre'], page: 1 },
    ]);
  });

  it('builds a table from cells aligned in columns, including right-aligned numbers', () => {
    const blocks = buildBlocks([
      page(1, [
        run('Parameter', 50, 700),
        run('Value', 250, 700),
        run('Supply voltage', 50, 686),
        run('3.3', 260, 686),
        run('Max power (W)', 50, 672),
        run('12.5', 255, 672),
      ]),
    ]);
    expect(blocks).toEqual([
      {
        kind: 'table',
        rows: [
          ['Parameter', 'Value'],
          ['Supply voltage', '3.3'],
          ['Max power (W)', '12.5'],
        ],
        page: 1,
      },
    ]);
  });

  it('does not make a table of gapped lines whose cells do not line up', () => {
    // The long second line spans the first line's gap, so its two cells fall into one column.
    const blocks = buildBlocks([
      page(1, [run('Alpha', 50, 700), run('beta gamma', 300, 700), run('Delta epsilon zeta eta theta iota kappa lambda nu xi', 50, 686), run('mu', 345, 686)]),
    ]);
    expect(blocks.some((b) => b.kind === 'table')).toBe(false);
  });

  it('drops running headers, footers and page numbers repeated in the page margins', () => {
    const pages = [1, 2, 3, 4].map((n) =>
      page(n, [run('ACME Optics confidential', 50, 820, 8), run(`Body text of page ${n}.`, 50, 700), run(`Page ${n} of 4`, 500, 20, 8)]),
    );
    const { markdown } = buildMarkdown(pages);
    expect(markdown).toBe(['Body text of page 1.', 'Body text of page 2.', 'Body text of page 3.', 'Body text of page 4.'].join('\n\n'));
  });

  it('shortens the dot leaders of a table of contents', () => {
    const blocks = buildBlocks([page(1, [run('2 Installation . . . . . . . . . . 14', 50, 700)])]);
    expect(blocks).toEqual([{ kind: 'paragraph', text: '2 Installation … 14', page: 1 }]);
  });

  it('joins runs of one line in x order, with spaces at word gaps', () => {
    const blocks = buildBlocks([page(1, [run('world', 80, 700), run('Hello', 50, 700)])]);
    expect(blocks).toEqual([{ kind: 'paragraph', text: 'Hello world', page: 1 }]);
  });
});

describe('buildMarkdown', () => {
  it('renders headings, lists and tables as markdown and counts the text found', () => {
    const result = buildMarkdown([
      page(1, [
        run('Specs', 50, 780, 16),
        run('Lane', 50, 740),
        run('nm', 200, 740),
        run('L0 | a', 50, 726),
        run('1295.56', 200, 726),
        run('• Duplex LC', 60, 690),
      ]),
    ]);
    expect(result.markdown).toBe('# Specs\n\n| Lane | nm |\n| --- | --- |\n| L0 \\| a | 1295.56 |\n\n- Duplex LC');
    expect(result.textChars).toBe('SpecsLanenmL0 | a1295.56• Duplex LC'.length);
  });

  it('reports zero text for pages without a text layer', () => {
    expect(buildMarkdown([page(1, []), page(2, [])])).toEqual({ blocks: [], markdown: '', textChars: 0 });
  });
});

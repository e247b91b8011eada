import type { PageText, TextRun } from './pdf-text.types.js';

/** A visual line of one page: runs on the same baseline, split into segments where a wide gap suggests columns. */
export interface TextLine {
  page: number;
  y: number;
  x: number;
  /** Dominant font size of the line (by characters). */
  size: number;
  text: string;
  segments: Array<{ x: number; end: number; text: string }>;
}

/** A gap wider than this many font sizes separates table cells (ordinary word gaps are about 0.25 em). */
const COLUMN_GAP_EM = 1.5;
/** A gap wider than this many font sizes gets a space when runs are joined (fonts that place words separately). */
const WORD_GAP_EM = 0.15;
/** Running headers and footers live in these top and bottom fractions of the page (US Letter: 79 pt). */
const MARGIN_ZONE = 0.1;
/** Dot leaders of tables of contents ("Introduction . . . . . 1"). */
const LEADER_DOTS = /(?:\s*\.){4,}/g;

function dominantSize(runs: TextRun[]): number {
  const weight = new Map<number, number>();
  for (const r of runs) {
    const key = Math.round(r.size * 2) / 2;
    weight.set(key, (weight.get(key) ?? 0) + r.text.length);
  }
  return [...weight].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 0;
}

function joinRuns(runs: TextRun[]): string {
  let text = '';
  let end: number | undefined;
  for (const run of runs) {
    const gap = end === undefined ? 0 : run.x - end;
    if (text !== '' && gap > WORD_GAP_EM * run.size && !text.endsWith(' ') && !run.text.startsWith(' ')) text += ' ';
    text += run.text;
    end = run.x + run.width;
  }
  return text.replace(LEADER_DOTS, ' … ').replace(/\s+/g, ' ').trim();
}

function lineOf(page: number, runs: TextRun[]): TextLine {
  runs.sort((a, b) => a.x - b.x);
  const segments: TextLine['segments'] = [];
  let current: TextRun[] = [];
  const flush = () => {
    if (current.length === 0) return;
    const last = current[current.length - 1] as TextRun;
    segments.push({ x: (current[0] as TextRun).x, end: last.x + last.width, text: joinRuns(current) });
    current = [];
  };
  for (const run of runs) {
    const last = current[current.length - 1];
    if (last && run.x - (last.x + last.width) > COLUMN_GAP_EM * Math.max(run.size, last.size)) flush();
    current.push(run);
  }
  flush();
  const first = runs[0] as TextRun;
  return { page, y: first.y, x: first.x, size: dominantSize(runs), text: segments.map((s) => s.text).join(' '), segments };
}

/** Groups a page's runs into lines, top to bottom (runs whose baselines differ by less than 40% of the font size). */
export function pageLines(page: PageText): TextLine[] {
  const runs = [...page.runs].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: TextLine[] = [];
  let group: TextRun[] = [];
  for (const run of runs) {
    const anchor = group[0];
    if (anchor && Math.abs(anchor.y - run.y) > 0.4 * Math.min(anchor.size, run.size)) {
      lines.push(lineOf(page.number, group));
      group = [];
    }
    group.push(run);
  }
  if (group.length > 0) lines.push(lineOf(page.number, group));
  return lines.filter((line) => line.text !== '');
}

const PAGE_NUMBER = /^(page\s*)?\d{1,4}(\s*(of|\/)\s*\d{1,4})?$/i;

function inMarginZone(line: TextLine, height: number): boolean {
  return height > 0 && (line.y > height * (1 - MARGIN_ZONE) || line.y < height * MARGIN_ZONE);
}

/**
 * All lines of the document without running headers, footers and page numbers: a line in the top or bottom
 * margin zone that repeats at the same height (digits ignored) on at least half of the pages (and three or
 * more) is page furniture, and so is a lone page number there.
 */
export function documentLines(pages: PageText[]): TextLine[] {
  const perPage = pages.map((page) => ({ page, lines: pageLines(page) }));
  const key = (line: TextLine) => `${Math.round(line.y / 4)}|${line.text.toLowerCase().replace(/\d+/g, '#')}`;
  const seenOn = new Map<string, number>();
  for (const { page, lines } of perPage) {
    const keys = new Set(lines.filter((l) => inMarginZone(l, page.height)).map(key));
    for (const k of keys) seenOn.set(k, (seenOn.get(k) ?? 0) + 1);
  }
  const repeated = (k: string) => pages.length >= 3 && (seenOn.get(k) ?? 0) >= Math.max(3, pages.length / 2);
  return perPage.flatMap(({ page, lines }) =>
    lines.filter((line) => !(inMarginZone(line, page.height) && (PAGE_NUMBER.test(line.text) || repeated(key(line))))),
  );
}

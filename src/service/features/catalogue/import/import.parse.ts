import { parse } from 'csv-parse/sync';
import { InvalidError } from '../../../errors.js';
import { restoreFormula } from '../common/spreadsheet-formulas.rules.js';

/** One input record: its 1-based position among the data records, the line it starts on, and its fields. */
export interface SourceRecord {
  row: number;
  line: number;
  values: Record<string, unknown>;
  /** A problem found while reading the record itself (for example a wrong number of CSV fields). */
  problem?: string;
}

export type ImportFormat = 'csv' | 'json';

interface CsvRecord {
  record: string[];
  info: { lines: number; raw?: string };
}

/**
 * CSV with a header row. Empty lines are skipped; each record remembers the line it starts on (a quoted field may
 * span lines). A malformed file (an unclosed quote) is refused as a whole; a record with the wrong number of
 * fields is reported as a bad row like any other. A cell the export quoted so that no spreadsheet runs it as a formula
 * is read as the text it was.
 */
export function parseCsv(text: string): SourceRecord[] {
  let records: CsvRecord[];
  try {
    records = parse(text, { info: true, raw: true, bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as unknown as CsvRecord[];
  } catch (error) {
    const e = error as { message?: string; lines?: number };
    throw new InvalidError(`data is not valid CSV${e.lines ? ` (line ${e.lines})` : ''}: ${e.message ?? 'unreadable'}`, { field: 'data' });
  }
  const [header, ...body] = records;
  if (!header) return [];
  const columns = header.record.map((c) => c.trim());
  const duplicate = columns.find((c, i) => columns.indexOf(c) !== i);
  if (duplicate !== undefined) throw new InvalidError(`data: the CSV header names column "${duplicate}" twice`, { field: 'data' });
  return body.map((rec, index) => {
    // raw carries the record's own text, preceded by any empty lines skipped before it and followed by its newline.
    const raw = (rec.info.raw ?? '').replace(/^[\r\n]+/, '').replace(/\r?\n$/, '');
    const line = rec.info.lines - (raw.split('\n').length - 1);
    const values: Record<string, unknown> = {};
    columns.forEach((column, i) => {
      if (column !== '') values[column] = restoreFormula(rec.record[i] ?? '');
    });
    const out: SourceRecord = { row: index + 1, line, values };
    if (rec.record.length !== columns.length) out.problem = `has ${rec.record.length} fields but the header has ${columns.length}`;
    return out;
  });
}

/**
 * The line on which each top-level element of a JSON array starts, found by one pass that tracks nesting and
 * skips string contents, so that JSON rows are reported by line like CSV rows.
 */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectElement = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '\n') line += 1;
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') continue;
    if (depth === 1 && expectElement && c !== ']') {
      lines.push(line);
      expectElement = false;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth += 1;
      if (depth === 1) expectElement = true;
    } else if (c === ']' || c === '}') depth -= 1;
    else if (c === ',' && depth === 1) expectElement = true;
  }
  return lines;
}

/** A JSON array of objects to records with their line numbers. */
export function parseJson(text: string): SourceRecord[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InvalidError(`data is not valid JSON: ${(error as Error).message}`, { field: 'data' });
  }
  if (!Array.isArray(value)) throw new InvalidError('data must be a JSON array of objects', { field: 'data' });
  const lines = elementLines(text);
  return value.map((item: unknown, index) => {
    const line = lines[index] ?? 1;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      return { row: index + 1, line, values: {}, problem: 'is not a JSON object' };
    }
    return { row: index + 1, line, values: item as Record<string, unknown> };
  });
}

export function parseRecords(format: ImportFormat, text: string): SourceRecord[] {
  return format === 'csv' ? parseCsv(text) : parseJson(text);
}

import type { Payload } from './vector-collection.js';

/** One row to embed: the text the vector is made from, and the payload filters can test. */
export interface SourceDocument {
  id: string;
  version: string;
  text: string;
  payload?: Payload;
}

const SNIPPET_CHARS = 280;

/** The text a hit shows: white space folded, cut at a word boundary after at most 280 characters. */
export function snippetOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const cut = flat.lastIndexOf(' ', SNIPPET_CHARS);
  return `${flat.slice(0, cut > SNIPPET_CHARS / 2 ? cut : SNIPPET_CHARS)}…`;
}

/** What a search hit shows: a title, a snippet, and the record (row) the vector points to. */
export interface SourceRecord {
  title: string;
  snippet: string;
  record: Record<string, unknown>;
}

/**
 * Where a collection's rows live (the database). The index is derived data: it can always be rebuilt from a source.
 * fingerprint() must be cheap (it runs before searches) and change whenever any row is added, changed or removed.
 */
export interface CollectionSource {
  fingerprint(): Promise<string>;
  /** How many rows there are (as cheap as the fingerprint). */
  count(): Promise<number>;
  /** id -> version of every row. */
  versions(): Promise<Map<string, string>>;
  documents(ids: string[]): Promise<SourceDocument[]>;
  records(ids: string[]): Promise<Map<string, SourceRecord>>;
}

/** A source with no rows: a collection whose owner has not registered its source yet. */
export const EMPTY_SOURCE: CollectionSource = {
  fingerprint: () => Promise.resolve('empty'),
  count: () => Promise.resolve(0),
  versions: () => Promise.resolve(new Map()),
  documents: () => Promise.resolve([]),
  records: () => Promise.resolve(new Map()),
};

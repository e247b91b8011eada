/** What the PDF text layer gives us, per page: positioned runs of text (PDF user space, y grows upwards). */
export interface TextRun {
  text: string;
  x: number;
  /** Baseline. */
  y: number;
  width: number;
  /** Font size in points (the text matrix scale). */
  size: number;
}

export interface PageText {
  /** 1-based. */
  number: number;
  width: number;
  height: number;
  runs: TextRun[];
}

/** One layout block of the markdown, in reading order. */
export type Block =
  | { kind: 'heading'; level: number; text: string; page: number }
  | { kind: 'paragraph'; text: string; page: number }
  | { kind: 'list'; ordered: boolean; items: string[]; page: number }
  | { kind: 'table'; rows: string[][]; page: number };

export interface Chunk {
  idx: number;
  /** Heading path of the chunk's start ("Installation > Cleaning"); '' before the first heading. */
  heading: string;
  /** Markdown text, including the overlap carried over from the previous chunk. */
  text: string;
  /** Rough token count (characters / 4), the usual estimate for English text with BPE tokenizers. */
  tokens: number;
  pageStart: number;
  pageEnd: number;
}

/** Reasons a PDF cannot be processed; each becomes a clear message on the document. */
export type PdfFailure = 'encrypted' | 'corrupt' | 'textless' | 'too_large' | 'cancelled' | 'internal';

export class PdfProcessingError extends Error {
  constructor(
    readonly reason: PdfFailure,
    message: string,
  ) {
    super(message);
    this.name = 'PdfProcessingError';
  }
}

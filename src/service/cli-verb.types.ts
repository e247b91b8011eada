import type { Writable } from 'node:stream';

/**
 * What src/cli.ts hands to a CLI verb. Verbs never build the service or open the database themselves: the entry
 * point owns those lifecycles, so a verb is a plain function that a test can call with its own parts and streams.
 */
export interface CliStreams {
  /** Results (what a script might read). */
  stdout: Writable;
  /** Problems, usage and the progress bar. */
  stderr: Writable;
}

/**
 * Lends a resource for the length of `work` and closes it afterwards. Lazy, so that a verb refuses wrong usage or an
 * unreadable file before anything is opened or migrated.
 */
export type Lend<T> = <R>(work: (resource: T) => Promise<R>) => Promise<R>;

/** A verb's result: the process exit code (0 done, 1 refused or failed, 2 wrong usage). */
export type ExitCode = number;

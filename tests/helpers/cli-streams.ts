import { Writable } from 'node:stream';
import type { CliStreams } from '../../src/service/cli-verb.types.js';

/** stdout and stderr for a CLI verb called in-process, kept as text for assertions. */
export function captureStreams(): { streams: CliStreams; stdout(): string; stderr(): string } {
  const collector = () => {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(chunk.toString());
        callback();
      },
    });
    return { stream, text: () => chunks.join('') };
  };
  const out = collector();
  const err = collector();
  return { streams: { stdout: out.stream, stderr: err.stream }, stdout: out.text, stderr: err.text };
}

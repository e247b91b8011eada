import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, encodePng } from '../../../scripts/png-encode.mjs';

interface Chunk {
  type: string;
  data: Buffer;
  crcOk: boolean;
}

function chunksOf(png: Buffer): Chunk[] {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: Chunk[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const typed = png.subarray(at + 4, at + 8 + length);
    chunks.push({ type: typed.subarray(0, 4).toString('latin1'), data: typed.subarray(4), crcOk: crc32(typed) === png.readUInt32BE(at + 8 + length) });
    at += 12 + length;
  }
  return chunks;
}

describe('PNG writer', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('IEND', 'latin1'))).toBe(0xae426082);
    expect(crc32(Buffer.from('123456789', 'latin1'))).toBe(0xcbf43926);
  });

  it('writes pixels that decode back unchanged', () => {
    const rgba = Uint8Array.from([255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 40]);
    const chunks = chunksOf(encodePng(2, 2, rgba));
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks.every((c) => c.crcOk)).toBe(true);
    const raw = inflateSync(chunks[1]!.data);
    // Each row: filter byte 0, then 2 pixels of RGBA.
    expect([...raw]).toEqual([0, ...rgba.subarray(0, 8), 0, ...rgba.subarray(8)]);
  });

  it('refuses a buffer of the wrong size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(15))).toThrow(/16 bytes/);
  });
});

describe('the app icon', () => {
  it('is a 1024x1024 RGBA PNG with transparent corners and an opaque centre', () => {
    const chunks = chunksOf(readFileSync(resolve(import.meta.dirname, '../../../resources/icons/icon.png')));
    const header = chunks[0]!.data;
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([1024, 1024, 8, 6]);
    const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
    const alphaAt = (x: number, y: number) => raw[y * (1024 * 4 + 1) + 1 + x * 4 + 3];
    expect(alphaAt(0, 0)).toBe(0);
    expect(alphaAt(512, 512)).toBe(255);
  });
});

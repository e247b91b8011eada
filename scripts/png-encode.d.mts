// Types of png-encode.mjs.
export function crc32(bytes: Uint8Array): number;
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer;

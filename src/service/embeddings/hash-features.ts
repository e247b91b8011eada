import { l2Normalise } from './embedding-provider.js';

/**
 * Signed feature hashing ("hashing trick") of word unigrams, word bigrams and character 3-5-grams. Deterministic,
 * dependency-free and fast; it matches shared vocabulary (part numbers, "LR4", "1310 nm") but not paraphrases.
 */
const WORD_WEIGHT = 1.0;
const BIGRAM_WEIGHT = 0.7;
const CHAR_WEIGHT = 0.35;

/** FNV-1a, 32 bit: stable across runs and platforms, unlike any built-in string hash. */
function fnv1a(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/(\d),(\d)/g, '$1$2')
    .split(/[^\p{L}\p{N}.+]+/u)
    .map((word) => word.replace(/^[.+]+|[.]+$/g, ''))
    .filter((word) => word.length > 0);
}

function add(vector: Float32Array, feature: string, weight: number): void {
  const h = fnv1a(feature, 0);
  const index = h % vector.length;
  // A second, independent hash picks the sign so that collisions cancel out on average instead of piling up.
  const sign = (fnv1a(feature, 0x9e3779b9) & 1) === 0 ? 1 : -1;
  vector[index] = (vector[index] as number) + sign * weight;
}

/** The hashed feature vector of one text, L2-normalised (all zeros for a text without words). */
export function hashEmbed(text: string, dimension: number): Float32Array {
  const vector = new Float32Array(dimension);
  const words = tokenize(text);
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] as string;
    add(vector, `w:${word}`, WORD_WEIGHT);
    if (i + 1 < words.length) add(vector, `b:${word} ${words[i + 1] as string}`, BIGRAM_WEIGHT);
    const padded = ` ${word} `;
    for (let n = 3; n <= 5; n += 1) {
      for (let start = 0; start + n <= padded.length; start += 1) add(vector, `c:${padded.slice(start, start + n)}`, CHAR_WEIGHT);
    }
  }
  return l2Normalise(vector);
}

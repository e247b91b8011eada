import * as energeticCore from '@energetic-ai/core';
import { describe, expect, it } from 'vitest';
import { useHeapSplitKernel } from '../../../src/service/embeddings/wasm-split-kernel.js';

interface Tensor {
  arraySync(): unknown;
  dispose(): void;
}
const tf = energeticCore as unknown as {
  ready(): Promise<void>;
  getBackend(): string;
  tensor(values: number[], shape: number[], dtype: string): Tensor;
  split(x: Tensor, sizes: number | number[], axis: number): Tensor[];
};

const CASES: Array<{ shape: number[]; sizes: number | number[]; axis: number; dtype: string }> = [
  { shape: [4, 6, 9], sizes: [3, 3, 3], axis: 2, dtype: 'float32' },
  { shape: [4, 6, 9], sizes: [1, 5], axis: 1, dtype: 'float32' },
  { shape: [4, 6, 9], sizes: 2, axis: 0, dtype: 'int32' },
  { shape: [5, 7], sizes: [0, 4, 3], axis: -1, dtype: 'bool' },
  { shape: [2, 3, 1, 12], sizes: [4, -1], axis: 3, dtype: 'float32' },
];

function splits() {
  return CASES.map(({ shape, sizes, axis, dtype }) => {
    const n = shape.reduce((a, b) => a * b, 1);
    const values = Array.from({ length: n }, (_, i) => (dtype === 'bool' ? i % 3 === 0 : Math.sin(i) * 1000) as number);
    const x = tf.tensor(values, shape, dtype);
    const parts = tf.split(x, sizes, axis);
    const out = parts.map((p) => p.arraySync());
    for (const t of [x, ...parts]) t.dispose();
    return out;
  });
}

describe('SplitV over views of the WebAssembly heap', () => {
  it('splits every shape, axis and type exactly as the backend’s own kernel', async () => {
    await tf.ready();
    expect(tf.getBackend()).toBe('wasm');
    const stock = splits();
    expect(useHeapSplitKernel()).toBe(true);
    expect(splits()).toEqual(stock);
  });
});

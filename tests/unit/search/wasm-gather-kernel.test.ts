import * as energeticCore from '@energetic-ai/core';
import { describe, expect, it } from 'vitest';
import { useHeapGatherKernel } from '../../../src/service/embeddings/wasm-gather-kernel.js';

interface Tensor {
  arraySync(): unknown;
  dispose(): void;
}
const tf = energeticCore as unknown as {
  ready(): Promise<void>;
  getBackend(): string;
  tensor(values: number[], shape: number[], dtype: string): Tensor;
  gather(x: Tensor, indices: Tensor, axis: number, batchDims?: number): Tensor;
};

/** The row lookups the heap kernel serves (axis 0), and gathers it hands back to the backend's own kernel. */
const CASES: Array<{ shape: number[]; dtype: string; indices: number[]; indicesShape: number[]; axis: number; batchDims?: number }> = [
  { shape: [50, 8], dtype: 'float32', indices: [3, 0, 49, 3, 7, 7], indicesShape: [6], axis: 0 },
  { shape: [20, 3, 4], dtype: 'int32', indices: [1, 2, 19, 0, 5, 5], indicesShape: [2, 3], axis: 0 },
  { shape: [12], dtype: 'float32', indices: [11, 0, 4], indicesShape: [3], axis: 0 },
  { shape: [6, 9], dtype: 'float32', indices: [8, 1, 0], indicesShape: [3], axis: 1 },
  { shape: [6, 9], dtype: 'float32', indices: [0, 1, 2, 3], indicesShape: [2, 2], axis: -1 },
  { shape: [2, 5, 3], dtype: 'float32', indices: [4, 0, 1, 3], indicesShape: [2, 2], axis: 1, batchDims: 1 },
  { shape: [10, 4], dtype: 'bool', indices: [9, 2], indicesShape: [2], axis: 0 },
  { shape: [10, 4], dtype: 'float32', indices: [], indicesShape: [0], axis: 0 },
];

function gathers() {
  return CASES.map(({ shape, dtype, indices, indicesShape, axis, batchDims }) => {
    const n = shape.reduce((a, b) => a * b, 1);
    const values = Array.from({ length: n }, (_, i) => (dtype === 'bool' ? i % 3 === 0 : Math.sin(i) * 1000) as number);
    const x = tf.tensor(values, shape, dtype);
    const ids = tf.tensor(indices, indicesShape, 'int32');
    const out = tf.gather(x, ids, axis, batchDims);
    const result = out.arraySync();
    for (const t of [x, ids, out]) t.dispose();
    return result;
  });
}

describe('GatherV2 over views of the WebAssembly heap', () => {
  it('gathers every shape, axis and type exactly as the backend’s own kernel', async () => {
    await tf.ready();
    expect(tf.getBackend()).toBe('wasm');
    const stock = gathers();
    expect(useHeapGatherKernel()).toBe(true);
    expect(gathers()).toEqual(stock);
  });
});

import * as energeticCore from '@energetic-ai/core';
import { describe, expect, it } from 'vitest';
import { useRememberingTrigKernels } from '../../../src/service/embeddings/wasm-memo-kernel.js';

interface Tensor {
  arraySync(): unknown;
  dispose(): void;
}
const tf = energeticCore as unknown as {
  ready(): Promise<void>;
  getBackend(): string;
  tensor(values: number[], shape: number[], dtype: string): Tensor;
  sin(x: Tensor): Tensor;
  cos(x: Tensor): Tensor;
};

/** Inputs in the order a model meets them: the same positions again, other shapes and values, and the first ones back. */
const INPUTS: Array<{ values: number[]; shape: number[]; dtype: string }> = [
  { values: Array.from({ length: 24 }, (_, i) => i * 0.37), shape: [4, 6], dtype: 'float32' },
  { values: Array.from({ length: 24 }, (_, i) => i * 0.37), shape: [4, 6], dtype: 'float32' },
  { values: Array.from({ length: 24 }, (_, i) => i * 0.37), shape: [6, 4], dtype: 'float32' },
  { values: Array.from({ length: 24 }, (_, i) => (i === 5 ? 9.5 : i * 0.37)), shape: [6, 4], dtype: 'float32' },
  { values: Array.from({ length: 24 }, (_, i) => i * 0.37), shape: [4, 6], dtype: 'float32' },
];

function run() {
  return INPUTS.map(({ values, shape, dtype }) => {
    const x = tf.tensor(values, shape, dtype);
    const sin = tf.sin(x);
    const cos = tf.cos(x);
    const out = [sin.arraySync(), cos.arraySync()];
    for (const t of [x, sin, cos]) t.dispose();
    return out;
  });
}

describe('Sin and Cos that remember their last input', () => {
  it('answer every input, repeated or not, exactly as the backend’s own kernels', async () => {
    await tf.ready();
    expect(tf.getBackend()).toBe('wasm');
    const stock = run();
    expect(useRememberingTrigKernels()).toBe(true);
    expect(run()).toEqual(stock);
  });
});

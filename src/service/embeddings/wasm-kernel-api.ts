import * as energeticCore from '@energetic-ai/core';

/**
 * The part of tfjs's kernel registry and WebAssembly backend that this folder's replacement kernels use
 * (wasm-split-kernel.ts, wasm-gather-kernel.ts, wasm-memo-kernel.ts). @energetic-ai/core re-exports tfjs-core, which
 * it bundles rather than installs, so the types are stated here, once.
 */
export interface TensorInfo {
  dataId: object;
  shape: number[];
  dtype: 'float32' | 'int32' | 'bool' | 'string';
}

export interface WasmBackend {
  makeOutput(shape: number[], dtype: TensorInfo['dtype']): TensorInfo;
  dataIdMap: { get(dataId: object): { memoryOffset: number } };
  wasm: { HEAPU8: Uint8Array<ArrayBuffer> };
}

export interface KernelArgs<Inputs, Attrs = unknown> {
  inputs: Inputs;
  attrs: Attrs;
  backend: WasmBackend;
}

export type KernelFunc<Inputs, Attrs, Out> = (args: KernelArgs<Inputs, Attrs>) => Out;

interface KernelConfig {
  kernelName: string;
  backendName: string;
  kernelFunc: KernelFunc<never, never, unknown>;
}

interface Tfjs {
  getKernel(name: string, backend: string): KernelConfig | undefined;
  unregisterKernel(name: string, backend: string): void;
  registerKernel(config: KernelConfig): void;
  util: { parseAxisParam(axis: number | number[], shape: number[]): number[]; sizeFromShape(shape: number[]): number };
  backend_util: { prepareSplitSize(x: TensorInfo, sizes: number | number[], axis: number): number[] };
}

export const tf = energeticCore as unknown as Tfjs;

/**
 * Replaces the WebAssembly backend's kernel `name` by the one `make` builds around it (the replacement hands back to
 * the backend's own kernel whatever it does not serve). False when the backend has no such kernel (not ready yet).
 */
export function replaceWasmKernel<Inputs, Attrs, Out>(name: string, make: (stock: KernelFunc<Inputs, Attrs, Out>) => KernelFunc<Inputs, Attrs, Out>): boolean {
  const stock = tf.getKernel(name, 'wasm');
  if (!stock) return false;
  tf.unregisterKernel(name, 'wasm');
  const stockFunc = stock.kernelFunc as unknown as KernelFunc<Inputs, Attrs, Out>;
  tf.registerKernel({ kernelName: name, backendName: 'wasm', kernelFunc: make(stockFunc) as unknown as KernelConfig['kernelFunc'] });
  return true;
}

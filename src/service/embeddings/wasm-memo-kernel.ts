import * as energeticCore from '@energetic-ai/core';

/**
 * Sin and Cos for tfjs's WebAssembly backend that remember their last input and output: USE-lite computes its
 * positional encoding (2,048 x 128 values for a batch of 16 texts of 128 tokens) anew for every batch, from the same
 * positions each time, which measured about 1.3 % of the model's time per text. An input equal byte for byte to the
 * last one gets a copy of the last output, which the backend's own kernel computed, so every vector stays the same bit
 * for bit; any other input goes to the backend's own kernel and becomes the one remembered.
 */
interface TensorInfo {
  dataId: object;
  shape: number[];
  dtype: 'float32' | 'int32' | 'bool' | 'string';
}
interface WasmBackend {
  makeOutput(shape: number[], dtype: TensorInfo['dtype']): TensorInfo;
  dataIdMap: { get(dataId: object): { memoryOffset: number } };
  wasm: { HEAPU8: Uint8Array<ArrayBuffer> };
}
interface KernelArgs {
  inputs: { x: TensorInfo };
  backend: WasmBackend;
}
interface KernelConfig {
  kernelName: string;
  backendName: string;
  kernelFunc(args: KernelArgs): TensorInfo;
}
// The package's declarations re-export tfjs-core, which it bundles rather than installs, so the few functions used
// here are typed where they are used.
interface Tfjs {
  getKernel(name: string, backend: string): KernelConfig | undefined;
  unregisterKernel(name: string, backend: string): void;
  registerKernel(config: KernelConfig): void;
  util: { sizeFromShape(shape: number[]): number };
}
const tf = energeticCore as unknown as Tfjs;

/** The element-wise kernels of the positional encoding. */
const REMEMBERED = ['Sin', 'Cos'] as const;

function bytesOf(backend: WasmBackend, t: TensorInfo): Buffer {
  const length = tf.util.sizeFromShape(t.shape) * 4;
  return Buffer.from(backend.wasm.HEAPU8.buffer, backend.dataIdMap.get(t.dataId).memoryOffset, length);
}

function remembering(name: string, stock: KernelConfig): KernelConfig {
  let last: { shape: string; input: Buffer; output: Buffer } | undefined;
  return {
    kernelName: name,
    backendName: 'wasm',
    kernelFunc(args) {
      const { x } = args.inputs;
      const { backend } = args;
      // tfjs gives Sin and Cos float32 only; anything else is the backend's to answer (or refuse).
      if (x.dtype !== 'float32') return stock.kernelFunc(args);
      const shape = x.shape.join(',');
      if (last !== undefined && last.shape === shape && bytesOf(backend, x).equals(last.input)) {
        const out = backend.makeOutput(x.shape, 'float32');
        // A view only after the output is allocated: an allocation may grow the heap, which detaches older views.
        last.output.copy(bytesOf(backend, out));
        return out;
      }
      const out = stock.kernelFunc(args);
      last = { shape, input: Buffer.from(bytesOf(backend, x)), output: Buffer.from(bytesOf(backend, out)) };
      return out;
    },
  };
}

/** Replaces the WebAssembly backend's Sin and Cos (call after the backend is ready); returns false when there are none. */
export function useRememberingTrigKernels(): boolean {
  let replaced = false;
  for (const name of REMEMBERED) {
    const stock = tf.getKernel(name, 'wasm');
    if (!stock) continue;
    tf.unregisterKernel(name, 'wasm');
    tf.registerKernel(remembering(name, stock));
    replaced = true;
  }
  return replaced;
}

import { type KernelArgs, replaceWasmKernel, type TensorInfo, tf } from './wasm-kernel-api.js';

/**
 * A GatherV2 kernel for tfjs's WebAssembly backend that copies whole rows between views of the WebAssembly heap, for
 * the case USE-lite uses it in: looking up its token embeddings (2,048 token ids of a batch of 16 in an 8,002 x 256
 * table, axis 0). The backend's own kernel computes every element's source index one by one, which measured about 4 %
 * of the model's time per text; a row copy does the same work in a fraction of that. Values are copied, never
 * computed, so every vector stays the same bit for bit; any other gather (another axis, batch dimensions, an index out
 * of range) goes to the backend's own kernel.
 */

interface GatherInputs {
  x: TensorInfo;
  indices: TensorInfo;
}
interface GatherAttrs {
  axis: number;
  batchDims: number;
}

const VIEWS = { float32: Float32Array, int32: Int32Array } as const;

function rowGather(args: KernelArgs<GatherInputs, GatherAttrs>): TensorInfo | undefined {
  const { x, indices } = args.inputs;
  const { backend } = args;
  if (args.attrs.batchDims !== 0 || indices.dtype !== 'int32' || x.shape.length < 1) return undefined;
  if (x.dtype !== 'float32' && x.dtype !== 'int32') return undefined;
  if (tf.util.parseAxisParam(args.attrs.axis, x.shape)[0] !== 0) return undefined;
  const rows = x.shape[0] as number;
  const width = tf.util.sizeFromShape(x.shape.slice(1));
  const count = tf.util.sizeFromShape(indices.shape);
  const ids = new Int32Array(backend.wasm.HEAPU8.buffer, backend.dataIdMap.get(indices.dataId).memoryOffset, count).slice();
  for (const id of ids) if (id < 0 || id >= rows) return undefined;
  const out = backend.makeOutput([...indices.shape, ...x.shape.slice(1)], x.dtype);
  // Views only after the output is allocated: an allocation may grow the heap, which detaches older views.
  const View = VIEWS[x.dtype];
  const heap = backend.wasm.HEAPU8.buffer;
  const input = new View(heap, backend.dataIdMap.get(x.dataId).memoryOffset, rows * width);
  const output = new View(heap, backend.dataIdMap.get(out.dataId).memoryOffset, count * width);
  for (let i = 0; i < count; i += 1) {
    const from = (ids[i] as number) * width;
    output.set(input.subarray(from, from + width), i * width);
  }
  return out;
}

/** Replaces the WebAssembly backend's GatherV2 (call after the backend is ready); returns false when there is none to replace. */
export function useHeapGatherKernel(): boolean {
  return replaceWasmKernel<GatherInputs, GatherAttrs, TensorInfo>('GatherV2', (stock) => (args) => rowGather(args) ?? stock(args));
}

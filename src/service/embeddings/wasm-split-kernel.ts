import { replaceWasmKernel, type TensorInfo, tf } from './wasm-kernel-api.js';

/**
 * A SplitV kernel for tfjs's WebAssembly backend that copies each part straight between views of the WebAssembly
 * heap. The backend's own SplitV reads its input through readSync, which copies the whole tensor out of the heap once
 * per part: USE-lite splits its attention projections (16 x 128 x 1536 floats per batch) into three, so that was 36 MB
 * copied and collected per batch for 12 MB of output. The values are copied, never computed, so every vector stays
 * the same bit for bit (the benchmark compares them against the backend's own kernel).
 */

interface SplitAttrs {
  numOrSizeSplits: number | number[];
  axis: number | number[];
}

const VIEWS = { float32: Float32Array, int32: Int32Array, bool: Uint8Array } as const;

/** Replaces the WebAssembly backend's SplitV (call after the backend is ready); returns false when there is none to replace. */
export function useHeapSplitKernel(): boolean {
  return replaceWasmKernel<{ x: TensorInfo }, SplitAttrs, TensorInfo[]>('SplitV', (stock) => (args) => {
    const { x } = args.inputs;
    if (x.dtype === 'string') return stock(args);
    const { backend } = args;
    const axis = tf.util.parseAxisParam(args.attrs.axis, x.shape)[0] as number;
    const sizes = tf.backend_util.prepareSplitSize(x, args.attrs.numOrSizeSplits, axis);
    const outer = tf.util.sizeFromShape(x.shape.slice(0, axis));
    const inner = tf.util.sizeFromShape(x.shape.slice(axis + 1));
    const outputs = sizes.map((size) =>
      backend.makeOutput(
        x.shape.map((d, i) => (i === axis ? size : d)),
        x.dtype,
      ),
    );
    // Views only after every output is allocated: an allocation may grow the heap, which detaches older views.
    const View = VIEWS[x.dtype];
    const heap = backend.wasm.HEAPU8.buffer;
    const row = (x.shape[axis] as number) * inner;
    const input = new View(heap, backend.dataIdMap.get(x.dataId).memoryOffset, outer * row);
    let begin = 0;
    outputs.forEach((out, j) => {
      const width = (sizes[j] as number) * inner;
      const output = new View(heap, backend.dataIdMap.get(out.dataId).memoryOffset, outer * width);
      for (let o = 0; o < outer; o += 1) output.set(input.subarray(o * row + begin, o * row + begin + width), o * width);
      begin += width;
    });
    return outputs;
  });
}

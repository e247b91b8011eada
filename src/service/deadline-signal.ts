/**
 * A caller's signal plus a deadline, with a timer of our own. A signal composed by AbortSignal.any() from
 * AbortSignal.timeout() can be garbage-collected before it fires on Node 20, and then a hung shop page or feed hangs
 * its whole job; a plain timer held until `done()` cannot be collected. Call `done()` once the response is read.
 */
export function deadlineSignal(parent: AbortSignal, timeoutMs: number): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent.reason);
  const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
  if (parent.aborted) controller.abort(parent.reason);
  else parent.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    done() {
      clearTimeout(timer);
      parent.removeEventListener('abort', onAbort);
    },
  };
}

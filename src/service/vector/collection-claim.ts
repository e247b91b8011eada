import type { VectorStorage } from './vector-storage.js';

/** The claim of one build on its collection: taken before the first batch goes to the model, renewed as it runs. */
export interface BuildClaim {
  /** True while this process holds the claim (taking or renewing it when half its time is gone). */
  hold(): Promise<boolean>;
  release(): Promise<void>;
}

export function buildClaim(storage: VectorStorage | undefined, collection: string, holder: string, ttlMs: number, now: () => number): BuildClaim {
  let heldUntil = 0;
  return {
    async hold() {
      if (!storage) return true;
      const at = now();
      if (heldUntil - at > ttlMs / 2) return true;
      const taken = await storage.claim(collection, holder, at + ttlMs, at);
      heldUntil = taken ? at + ttlMs : 0;
      return taken;
    },
    async release() {
      if (!storage || heldUntil === 0) return;
      heldUntil = 0;
      await storage.release(collection, holder);
    },
  };
}

/**
 * A bounded map whose entries are valid at one revision only (the list's revision of migrations/017, the price
 * observations' of migrations/019, or a pair of them): a read or write at another revision empties it first, so an
 * entry is never older than the snapshot that asks for it. What the catalogue keeps per connection is built on it.
 */
export interface RevisionScopedMap<K, V> {
  /** The value kept for `key` at revision `at`; undefined when none is kept (a kept value may itself be null). */
  get(key: K, at: number | string): V | undefined;
  set(key: K, at: number | string, value: V): void;
}

/**
 * At most `maxEntries` entries; beyond that the oldest goes. With `readRefreshes`, a read makes an entry the newest
 * (least recently used goes first), otherwise only writing does (the oldest written goes first).
 */
export function createRevisionScopedMap<K, V>(maxEntries: number, readRefreshes: boolean): RevisionScopedMap<K, V> {
  const entries = new Map<K, V>();
  let kept: number | string | undefined;
  const align = (at: number | string) => {
    if (at === kept) return;
    entries.clear();
    kept = at;
  };
  return {
    get(key, at) {
      align(at);
      if (!entries.has(key)) return undefined;
      const value = entries.get(key) as V;
      if (readRefreshes) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key, at, value) {
      align(at);
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, value);
    },
  };
}

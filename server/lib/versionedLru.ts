/**
 * A bounded least-recently-used map whose entries are each tagged with the version of the data they
 * were made from: an entry is served only while that version is unchanged (the HTML cache's pages,
 * a product's review pages).
 */
export class VersionedLru<T> {
  private readonly entries = new Map<string, { version: string; value: T }>();

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value for `key` if it was made from `version`; a stale one is dropped. */
  get(key: string, version: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the oldest key is the least recently used.
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

// Answers kept in memory per key for a short lifetime, each loaded once however many ask at the same moment
// (the waiting callers share the one load). Two uses, each an instance in AppServices (server/app.ts):
// - contentMemo: the small lists every page reads (the footer's bundle categories, apps and social links), for
//   PAGE_CACHE_SECONDS and emptied with the page cache whenever content is loaded (server/page-cache/): a
//   signed-in visitor's page is rendered on every request and no longer asks the database for them each time;
// - numberSearchMemo: the pages of the number search (server/reservation/inventory.ts), for
//   NUMBER_SEARCH_CACHE_MS: fifty people asking for "777" at once cost one query.
// A bounded number of keys is kept (the oldest goes first), so a stream of different keys costs memory once.
export class Memo {
  readonly #values = new Map<string, { value: Promise<unknown>; storedAt: number }>();
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #maxKeys: number;

  constructor(ttlMs: number, options: { now?: () => number; maxKeys?: number } = {}) {
    this.#ttlMs = ttlMs;
    this.#now = options.now ?? Date.now;
    this.#maxKeys = options.maxKeys ?? 1_000;
  }

  /** The value of `key`, loaded once per lifetime (a failed load is not kept). With a lifetime of 0, always loaded. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.#ttlMs <= 0) return load();
    const kept = this.#values.get(key);
    if (kept && this.#now() - kept.storedAt < this.#ttlMs) return kept.value as Promise<T>;
    const value = load();
    // Re-inserted at the end: the Map's order is the order of storing, so its first key is the oldest.
    this.#values.delete(key);
    this.#values.set(key, { value, storedAt: this.#now() });
    if (this.#values.size > this.#maxKeys) this.#values.delete(this.#values.keys().next().value!);
    value.catch(() => {
      if (this.#values.get(key)?.value === value) this.#values.delete(key);
    });
    return value;
  }

  clear(): void {
    this.#values.clear();
  }

  /** How many keys are kept now (expired ones included until they are asked for again or pushed out). */
  get size(): number {
    return this.#values.size;
  }
}

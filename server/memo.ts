// Answers kept in memory per key for a short lifetime, each loaded once however many ask at the same moment
// (the waiting callers share the one load). Two uses, each an instance in AppServices (server/app.ts):
// - contentMemo: the small lists every page reads (the footer's bundle categories, apps and social links), for
//   PAGE_CACHE_SECONDS and emptied with the page cache whenever content is loaded (server/page-cache/): a
//   signed-in visitor's page is rendered on every request and no longer asks the database for them each time;
// - numberSearchMemo: the pages of the number search (server/reservation/inventory.ts), for
//   NUMBER_SEARCH_CACHE_MS: fifty people asking for "777" at once cost one query. It answers stale while it
//   loads (below): an expired page of numbers is given at once while one search refreshes it, instead of every
//   caller of that second waiting for the search (under load, the number search's p99 was those waits).
// A bounded number of keys is kept (the oldest goes first), so a stream of different keys costs memory once.
interface Kept {
  value: Promise<unknown>;
  storedAt: number;
  /** The value's load has succeeded: it may be given stale while the next one loads. */
  loaded: boolean;
  /** A load that will replace this value is running. */
  refreshing: boolean;
}

export class Memo {
  readonly #values = new Map<string, Kept>();
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #maxKeys: number;
  readonly #staleWhileLoading: boolean;

  /**
   * `staleWhileLoading`: once a value has expired, it is still given, for at most one more lifetime, while a
   * single load (started by the first caller after the expiry) replaces it; a value older than that, or one that
   * was never loaded, is waited for. clear() leaves nothing to give stale.
   */
  constructor(ttlMs: number, options: { now?: () => number; maxKeys?: number; staleWhileLoading?: boolean } = {}) {
    this.#ttlMs = ttlMs;
    this.#now = options.now ?? Date.now;
    this.#maxKeys = options.maxKeys ?? 1_000;
    this.#staleWhileLoading = options.staleWhileLoading ?? false;
  }

  /** The value of `key`, loaded once per lifetime (a failed load is not kept). With a lifetime of 0, always loaded. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.#ttlMs <= 0) return load();
    const kept = this.#values.get(key);
    const age = kept ? this.#now() - kept.storedAt : Infinity;
    if (kept && age < this.#ttlMs) return kept.value as Promise<T>;
    if (kept && this.#staleWhileLoading && kept.loaded && age < 2 * this.#ttlMs) {
      if (!kept.refreshing) {
        kept.refreshing = true;
        const startedAt = this.#now();
        // The callers of this moment have the stale value; a failed refresh leaves it, and a later caller tries again
        // (a load that throws at once is a failed refresh too).
        const refresh = (async () => load())();
        refresh.then(
          () => this.#replace(key, kept, refresh, startedAt),
          () => {
            kept.refreshing = false;
          },
        );
      }
      return kept.value as Promise<T>;
    }
    // Nothing to give, or too old to give: this load is the key's value from now on, shared by every caller until it
    // ends (a refresh still running is then dropped when it ends: its entry is no longer the kept one).
    return this.#store(key, load());
  }

  /** A refresh that has loaded takes the place of the value it refreshed, unless that value is gone (clear(), pushed out, replaced). */
  #replace(key: string, stale: Kept, value: Promise<unknown>, startedAt: number): void {
    if (this.#values.get(key) !== stale) return;
    // Stamped when the refresh started, as every value is when its load starts.
    this.#values.delete(key);
    this.#values.set(key, { value, storedAt: startedAt, loaded: true, refreshing: false });
  }

  #store<T>(key: string, value: Promise<T>): Promise<T> {
    const entry: Kept = { value, storedAt: this.#now(), loaded: false, refreshing: false };
    // Re-inserted at the end: the Map's order is the order of storing, so its first key is the oldest.
    this.#values.delete(key);
    this.#values.set(key, entry);
    if (this.#values.size > this.#maxKeys) this.#values.delete(this.#values.keys().next().value!);
    value.then(
      () => {
        entry.loaded = true;
      },
      () => {
        if (this.#values.get(key) === entry) this.#values.delete(key);
      },
    );
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

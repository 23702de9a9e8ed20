// Small lists every page reads (the footer's bundle categories, apps and social links), kept in memory per
// key for `ttlSeconds` and emptied with the page cache whenever content is loaded (server/page-cache/).
// A signed-in visitor's page is rendered on every request: it no longer asks the database for them each time.
export class ContentMemo {
  readonly #values = new Map<string, { value: Promise<unknown>; storedAt: number }>();
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(ttlSeconds: number, now: () => number = Date.now) {
    this.#ttlMs = ttlSeconds * 1000;
    this.#now = now;
  }

  /** The value of `key`, loaded once per lifetime (a failed load is not kept). With a lifetime of 0, always loaded. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.#ttlMs <= 0) return load();
    const kept = this.#values.get(key);
    if (kept && this.#now() - kept.storedAt < this.#ttlMs) return kept.value as Promise<T>;
    const value = load();
    this.#values.set(key, { value, storedAt: this.#now() });
    value.catch(() => {
      if (this.#values.get(key)?.value === value) this.#values.delete(key);
    });
    return value;
  }

  clear(): void {
    this.#values.clear();
  }
}

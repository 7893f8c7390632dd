// A least-recently-used map of fixed capacity (a Map keeps insertion order: re-inserting on use
// moves a key to the young end, the oldest key is the first).
export class LruCache<V> {
  readonly #entries = new Map<string, V>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = Math.max(1, capacity);
  }

  getOrCreate(key: string, create: () => V): V {
    let value = this.#entries.get(key);
    if (value !== undefined) this.#entries.delete(key);
    else value = create();
    this.#entries.set(key, value);
    if (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value!);
    return value;
  }

  get size(): number {
    return this.#entries.size;
  }
}

// The informer's cache: objects by key (`namespace/name`, or `name` for cluster-scoped objects),
// with indexes kept up to date on every change, as client-go's thread-safe store and indexer.

import type { ObjectMeta } from '../../api/meta/v1/types.ts';

export type { ObjectMeta };

export interface CachedObject {
  metadata?: ObjectMeta;
  [key: string]: unknown;
}

/** An index function: the index values an object is filed under. */
export type IndexFunc<T> = (obj: T) => string[];

export const NAMESPACE_INDEX = 'namespace';

export function metaNamespaceIndexFunc(obj: CachedObject): string[] {
  return [obj.metadata?.namespace ?? ''];
}

export function metaNamespaceKey(obj: CachedObject): string {
  const ns = obj.metadata?.namespace;
  const name = obj.metadata?.name ?? '';
  return ns ? `${ns}/${name}` : name;
}

export class Indexer<T extends CachedObject> {
  private readonly items = new Map<string, T>();
  private indexers: Record<string, IndexFunc<T>>;
  /** index name -> index value -> keys */
  private readonly indices = new Map<string, Map<string, Set<string>>>();

  constructor(indexers: Record<string, IndexFunc<T>> = { [NAMESPACE_INDEX]: metaNamespaceIndexFunc }) {
    this.indexers = indexers;
    for (const name of Object.keys(indexers)) this.indices.set(name, new Map());
  }

  /**
   * Adds an index unless one of that name exists (client-go's AddIndexers, as controllers sharing an
   * informer each add theirs); objects already cached are filed under it at once.
   */
  addIndexer(name: string, fn: IndexFunc<T>): void {
    if (this.indexers[name]) return;
    this.indexers = { ...this.indexers, [name]: fn };
    const index = new Map<string, Set<string>>();
    this.indices.set(name, index);
    for (const [key, obj] of this.items) {
      for (const value of fn(obj)) {
        let keys = index.get(value);
        if (!keys) index.set(value, (keys = new Set()));
        keys.add(key);
      }
    }
  }

  add(obj: T): void {
    this.put(metaNamespaceKey(obj), obj);
  }

  update(obj: T): void {
    this.put(metaNamespaceKey(obj), obj);
  }

  delete(obj: T): void {
    const key = metaNamespaceKey(obj);
    const old = this.items.get(key);
    if (!old) return;
    this.unindex(key, old);
    this.items.delete(key);
  }

  /** Replaces the whole content (after a list). */
  replace(objs: T[]): void {
    this.items.clear();
    for (const index of this.indices.values()) index.clear();
    for (const obj of objs) this.add(obj);
  }

  get(key: string): T | undefined {
    return this.items.get(key);
  }

  getByObject(obj: CachedObject): T | undefined {
    return this.items.get(metaNamespaceKey(obj));
  }

  list(): T[] {
    return [...this.items.values()];
  }

  listKeys(): string[] {
    return [...this.items.keys()];
  }

  /** Objects filed under `value` in the named index. */
  byIndex(indexName: string, value: string): T[] {
    const index = this.indices.get(indexName);
    if (!index) throw new Error(`index with name ${indexName} does not exist`);
    return [...(index.get(value) ?? [])].map((key) => this.items.get(key)!).filter(Boolean);
  }

  private put(key: string, obj: T): void {
    const old = this.items.get(key);
    if (old) this.unindex(key, old);
    this.items.set(key, obj);
    for (const [name, fn] of Object.entries(this.indexers)) {
      const index = this.indices.get(name)!;
      for (const value of fn(obj)) {
        let keys = index.get(value);
        if (!keys) index.set(value, (keys = new Set()));
        keys.add(key);
      }
    }
  }

  private unindex(key: string, obj: T): void {
    for (const [name, fn] of Object.entries(this.indexers)) {
      const index = this.indices.get(name)!;
      for (const value of fn(obj)) {
        const keys = index.get(value);
        keys?.delete(key);
        if (keys && keys.size === 0) index.delete(value);
      }
    }
  }
}

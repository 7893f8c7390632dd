// The binder's own memory of volumes and claims, as Kubernetes keeps it beside the informers: it
// takes both what the informers deliver and what the binder itself just wrote, and never goes
// back to an older resourceVersion. Binding writes a volume and a claim twice each; without it a
// sync would act on the informer's stale copy and fail on conflicts it caused itself.

interface Versioned {
  metadata: { name?: string; namespace?: string; resourceVersion?: string };
}

const keyOf = (obj: Versioned) => (obj.metadata.namespace ? `${obj.metadata.namespace}/${obj.metadata.name}` : obj.metadata.name ?? '');

function version(obj: Versioned): bigint | undefined {
  const rv = obj.metadata.resourceVersion;
  return rv && /^\d+$/.test(rv) ? BigInt(rv) : undefined;
}

export class VersionedCache<T extends Versioned> {
  private readonly items = new Map<string, T>();

  /**
   * Stores the object unless the cache holds a newer version; true when stored. The same version
   * passes, so periodic resyncs are processed.
   */
  store(obj: T): boolean {
    const key = keyOf(obj);
    const old = this.items.get(key);
    if (old) {
      const before = version(old);
      const after = version(obj);
      if (before !== undefined && after !== undefined && before > after) return false;
    }
    this.items.set(key, obj);
    return true;
  }

  get(key: string): T | undefined {
    return this.items.get(key);
  }

  delete(key: string): void {
    this.items.delete(key);
  }

  list(): T[] {
    return [...this.items.values()];
  }
}

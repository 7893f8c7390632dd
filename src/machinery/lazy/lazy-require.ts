// Packages that a synchronous code path needs only on its first use (YAML, protobuf, JWTs): they
// are loaded then, with require(), so a server that starts does not load them first. Loading a
// package is the bulk of its cost (yaml is ~70 modules), and most requests need none of these.
// warmLazyModules() loads what is still unloaded once the server is ready, one package per turn
// of the event loop, so a request rarely pays for the loading.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const requireFromHere = createRequire(import.meta.url);
const unloaded = new Set<() => unknown>();

/** A function that loads `specifier` (a package, or a file URL) on its first call and returns it. */
export function lazyRequire<T>(specifier: string | URL): () => T {
  return lazyLoad(() => requireFromHere(specifier instanceof URL ? fileURLToPath(specifier) : specifier) as T);
}

/** A function that calls `load` on its first call and returns what it returned from then on. */
export function lazyLoad<T>(load: () => T): () => T {
  let loaded: T | undefined;
  const once = (): T => {
    if (loaded === undefined) {
      loaded = load();
      unloaded.delete(once);
    }
    return loaded;
  };
  unloaded.add(once);
  return once;
}

/** Loads every lazy package not loaded yet, one per turn of the event loop. */
export function warmLazyModules(): void {
  const next = unloaded.values().next();
  if (next.done) return;
  setImmediate(() => {
    next.value();
    warmLazyModules();
  });
}

// The X.509 library, loaded on first use: it takes a while to load (and needs the Reflect
// metadata polyfill first), and a controller manager that never sees a request never pays it.
import type * as X509 from '@peculiar/x509';

export type X509Library = typeof X509;

let loading: Promise<X509Library> | undefined;

export function x509Library(): Promise<X509Library> {
  loading ??= (async () => {
    await import('reflect-metadata');
    return import('@peculiar/x509');
  })();
  return loading;
}

// The value transformer seam between an object store's codec and the key-value store: encryption
// at rest. A transformer turns encoded bytes into stored bytes and back; the key is passed as
// authenticated data so a value copied under another key does not decrypt (AES-GCM).

export interface TransformedRead {
  data: Uint8Array;
  /** The value was not written by the current write provider: a rewrite would change it. */
  stale: boolean;
}

export interface ValueTransformer {
  toStorage(data: Uint8Array, authenticatedData: string): Uint8Array;
  fromStorage(stored: Uint8Array, authenticatedData: string): TransformedRead;
}

/** Stored bytes that cannot be read: a wrong key, a corrupt value, or no provider for its prefix. */
export class TransformError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransformError';
  }
}

/** Stores bytes as they are (the `identity` provider, and the default without a configuration). */
export const identityTransformer: ValueTransformer = {
  toStorage: (data) => data,
  fromStorage: (stored) => ({ data: stored, stale: false }),
};

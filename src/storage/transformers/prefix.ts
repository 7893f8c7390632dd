// Several providers behind one transformer: the first one writes, each value carries its
// provider's prefix (`k8s:enc:aescbc:v1:key1:`), and a read picks the provider by prefix. A value
// read through any provider but the first is stale, so a rewrite moves it to the write provider.
import { TransformError, type TransformedRead, type ValueTransformer } from './transformer.ts';

/** Every encrypting provider's values start with this; identity refuses to read them. */
export const ENCRYPTED_PREFIX = 'k8s:enc:';

export interface PrefixedProvider {
  /** Empty for identity. */
  prefix: string;
  transformer: ValueTransformer;
}

function startsWith(data: Uint8Array, prefix: Uint8Array): boolean {
  if (data.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (data[i] !== prefix[i]) return false;
  return true;
}

export function prefixTransformer(providers: readonly PrefixedProvider[]): ValueTransformer {
  if (providers.length === 0) throw new Error('at least one provider is required');
  const compiled = providers.map((p) => ({ ...p, bytes: Buffer.from(p.prefix) }));
  const writer = compiled[0]!;
  const encryptedMark = Buffer.from(ENCRYPTED_PREFIX);
  return {
    toStorage(data, authenticatedData) {
      const sealed = writer.transformer.toStorage(data, authenticatedData);
      return writer.bytes.length ? Buffer.concat([writer.bytes, sealed]) : sealed;
    },
    fromStorage(stored, authenticatedData): TransformedRead {
      let firstError: unknown;
      for (const [i, p] of compiled.entries()) {
        if (p.bytes.length === 0) {
          // identity reads only what no encrypting provider wrote.
          if (startsWith(stored, encryptedMark)) {
            firstError ??= new TransformError('identity transformer tried to read encrypted data');
            continue;
          }
        } else if (!startsWith(stored, p.bytes)) continue;
        try {
          const read = p.transformer.fromStorage(stored.subarray(p.bytes.length), authenticatedData);
          return { data: read.data, stale: read.stale || i !== 0 };
        } catch (err) {
          firstError ??= err;
        }
      }
      if (firstError) throw firstError;
      throw new TransformError('no matching prefix found');
    },
  };
}

// Key encoding between the seam (strings, optionally under a --kvstore-prefix) and etcd (bytes),
// and conversion of etcd's key-values, whose int64 fields arrive as decimal strings.
import type { IKeyValue } from 'etcd3';
import type { KeyValue } from '../interface.ts';

export class KeySpace {
  readonly prefix: string;
  constructor(prefix = '') {
    this.prefix = prefix;
  }

  encode(key: string): Buffer {
    return Buffer.from(this.prefix + key);
  }

  decode(key: Buffer): string {
    const text = key.toString();
    return text.startsWith(this.prefix) ? text.slice(this.prefix.length) : text;
  }

  /** The exclusive end of the range holding every key that starts with `prefix`. */
  rangeEnd(prefix: string): Buffer {
    const end = Buffer.from(this.prefix + prefix);
    for (let i = end.length - 1; i >= 0; i--) {
      if (end[i]! < 0xff) {
        end[i] = end[i]! + 1;
        return end.subarray(0, i + 1);
      }
    }
    // All 0xff (or empty): everything from the key on.
    return Buffer.from([0]);
  }

  toKeyValue(kv: IKeyValue): KeyValue {
    return {
      key: this.decode(kv.key),
      value: new Uint8Array(kv.value.buffer, kv.value.byteOffset, kv.value.byteLength),
      createRevision: Number(kv.create_revision),
      modRevision: Number(kv.mod_revision),
    };
  }
}

export function toBuffer(value: Uint8Array): Buffer {
  return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

// Kubernetes' CEL library functions the base library lacks, as far as the engine allows:
// the list extensions (isSorted, sum, min, max, indexOf, lastIndexOf) and jsonpatch.escapeKey.
import type { Environment } from '@marcbachmann/cel-js';

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const x = a as number | bigint;
  const y = b as number | bigint;
  return x < y ? -1 : x > y ? 1 : 0;
}

function equal(a: unknown, b: unknown): boolean {
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) return Number(a) === Number(b);
  return JSON.stringify(a, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)) === JSON.stringify(b, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v));
}

function extreme(list: unknown[], sign: number): unknown {
  if (!list.length) throw new Error('min/max called on an empty list');
  return list.reduce((best, x) => (compare(x, best) * sign > 0 ? x : best));
}

/** The receiver `jsonpatch` of jsonpatch.escapeKey(key). */
export class JsonPatchLibrary {}

export function registerKubernetesLibrary(env: Environment): void {
  env
    .registerFunction({ name: 'isSorted', receiverType: 'list', returnType: 'bool', params: [], handler: (l: unknown[]) => l.every((x, i) => i === 0 || compare(l[i - 1], x) <= 0) })
    .registerFunction({
      name: 'sum',
      receiverType: 'list',
      returnType: 'dyn',
      params: [],
      handler: (l: unknown[]) => (l.every((x) => typeof x === 'bigint') ? l.reduce((a: bigint, x) => a + (x as bigint), 0n) : l.reduce((a: number, x) => a + Number(x), 0)),
    })
    .registerFunction({ name: 'min', receiverType: 'list', returnType: 'dyn', params: [], handler: (l: unknown[]) => extreme(l, -1) })
    .registerFunction({ name: 'max', receiverType: 'list', returnType: 'dyn', params: [], handler: (l: unknown[]) => extreme(l, 1) })
    .registerFunction({ name: 'indexOf', receiverType: 'list', returnType: 'int', params: [{ name: 'v', type: 'dyn' }], handler: (l: unknown[], v: unknown) => BigInt(l.findIndex((x) => equal(x, v))) })
    .registerFunction({ name: 'lastIndexOf', receiverType: 'list', returnType: 'int', params: [{ name: 'v', type: 'dyn' }], handler: (l: unknown[], v: unknown) => BigInt(l.findLastIndex((x) => equal(x, v))) })
    .registerType('JsonPatchLibrary', JsonPatchLibrary)
    .registerConstant('jsonpatch', 'JsonPatchLibrary', new JsonPatchLibrary())
    .registerFunction({
      name: 'escapeKey',
      receiverType: 'JsonPatchLibrary',
      returnType: 'string',
      params: [{ name: 'key', type: 'string' }],
      handler: (_lib: unknown, key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1'),
    });
}

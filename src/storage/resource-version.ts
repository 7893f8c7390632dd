// resourceVersion strings as clients send them, and waiting for the store to catch up to one.
import { StorageError } from './interface.ts';
import type { Kv } from './kv/interface.ts';

/**
 * Parses "" / "0" / "N"; "" and absent give 0. Anything else is the caller's mistake (BadRequest,
 * worded as Kubernetes words it). Revisions past 2^53 cannot be told apart in a number, and no
 * store here reaches them: they are refused as out of range rather than rounded.
 */
export function parseResourceVersion(rv: string | undefined, key: string): number {
  if (rv === undefined || rv === '') return 0;
  const invalid = (detail: string) =>
    new StorageError('BadRequest', key, `invalid resource version: resourceVersion: Invalid value: ${JSON.stringify(rv)}: strconv.ParseUint: parsing ${JSON.stringify(rv)}: ${detail}`);
  if (!/^[0-9]+$/.test(rv)) throw invalid('invalid syntax');
  const n = Number(rv);
  if (!Number.isSafeInteger(n)) throw invalid('value out of range');
  return n;
}

/**
 * Waits until the store has reached revision `want` (a read "not older than" it), up to timeoutMs;
 * then fails with ResourceVersionTooLarge as Kubernetes does ("Too large resource version").
 */
export async function waitForRevision(kv: Kv, want: number, key: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let current = await kv.currentRevision();
  while (current < want) {
    if (Date.now() >= deadline) {
      throw new StorageError('ResourceVersionTooLarge', key, `Too large resource version: ${want}, current: ${current}`, current);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(25, Math.max(1, deadline - Date.now()))));
    current = await kv.currentRevision();
  }
  return current;
}

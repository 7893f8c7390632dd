// resourceVersion strings as clients send them, and waiting for the store to catch up to one.
import { StorageError } from './interface.ts';
import type { Kv } from './kv/interface.ts';

/** Parses "" / "0" / "N"; "" and absent give 0. Anything else is the caller's mistake. */
export function parseResourceVersion(rv: string | undefined, key: string): number {
  if (rv === undefined || rv === '') return 0;
  if (!/^[0-9]+$/.test(rv)) throw new StorageError('InvalidObject', key, `invalid resource version ${JSON.stringify(rv)}: must be a non-negative integer`);
  const n = Number(rv);
  if (!Number.isSafeInteger(n)) throw new StorageError('InvalidObject', key, `invalid resource version ${JSON.stringify(rv)}: out of range`);
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

// Turns etcd and gRPC failures into storage errors, so that no raw client error leaves the Kv.
import { StorageError, isStorageError } from '../../interface.ts';

const COMPACTED = 'required revision has been compacted';
const FUTURE = 'required revision is a future revision';

/** gRPC and etcd conditions that mean "the store cannot be reached right now". */
const UNREACHABLE_PATTERNS = [
  /UNAVAILABLE/i,
  /No connection established/i,
  /ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH/,
  /etcdserver: no leader/,
  /etcdserver: leader changed/,
  /etcdserver: not capable/,
  /closed/i,
];
const TIMEOUT_PATTERNS = [/DEADLINE_EXCEEDED/i, /deadline exceeded/i, /etcdserver: request timed out/];

export function isCompactedError(err: unknown): boolean {
  return err instanceof Error && err.message.includes(COMPACTED);
}

/** Whether the failure is about reaching the store (worth trying another member). */
export function isConnectivityError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const text = `${err.name} ${err.message}`;
  return /GRPCUnavailableError|GRPCConnectFailedError|ClientClosedError/.test(err.name) || UNREACHABLE_PATTERNS.some((p) => p.test(text));
}

export function isTimeoutError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return err.name === 'GRPCDeadlineExceededError' || TIMEOUT_PATTERNS.some((p) => p.test(`${err.name} ${err.message}`));
}

/**
 * Maps a failure of an operation on `key` to a StorageError. `compactedRevision` is consulted
 * only for compaction errors, so that the error carries the revision clients must relist from.
 */
export async function toStorageError(
  err: unknown,
  key: string,
  endpoints: string[],
  compactedRevision?: () => Promise<number>,
): Promise<StorageError> {
  if (isStorageError(err)) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (message.includes(COMPACTED)) {
    const revision = compactedRevision ? await compactedRevision().catch(() => undefined) : undefined;
    return new StorageError('ResourceVersionTooOld', key, `the requested revision has been compacted${revision ? ` (compacted revision ${revision})` : ''}`, revision);
  }
  if (message.includes(FUTURE)) {
    return new StorageError('ResourceVersionTooLarge', key, 'the requested revision is newer than the store\'s current revision');
  }
  if (message.includes('request is too large')) {
    return new StorageError('InvalidObject', key, `the object is too large for the kvstore: ${message}`);
  }
  const where = `kvstore at ${endpoints.join(', ')}`;
  if (isTimeoutError(err)) return new StorageError('Timeout', key, `timed out talking to the ${where}: ${message}`);
  if (isConnectivityError(err)) return new StorageError('Unreachable', key, `cannot reach the ${where}: ${message}`);
  return new StorageError('Unreachable', key, `unexpected error from the ${where}: ${message}`);
}

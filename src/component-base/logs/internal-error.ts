// An unexpected error (a bug, a broken disk, a driver's exception) must not reach a client in its
// own words: its text can carry paths, keys and SQL. It is logged here under a fresh correlation
// id, and the client gets a 500 naming only that id, so an operator can find the line from a
// user's report.
import { randomUUID } from 'node:crypto';
import { isStatusError, unexpectedError, type StatusError } from '../../machinery/status.ts';
import type { Logger } from './klog.ts';

/** Logs `err` as a bug under a new correlation id and returns the 500 that names only the id. */
export function reportInternalError(log: Logger, msg: string, err: unknown, kv?: Record<string, unknown>): StatusError {
  const correlationId = randomUUID();
  log.error(msg, { ...kv, correlationID: correlationId, err: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  return unexpectedError(correlationId);
}

/** A StatusError as it is; anything else reported as an internal error. */
export function asStatusError(log: Logger, msg: string, err: unknown, kv?: Record<string, unknown>): StatusError {
  return isStatusError(err) ? err : reportInternalError(log, msg, err, kv);
}

// The one place storage codes become API Status errors (Kubernetes' storeerr interpretation).
import { isStorageError } from '../../../storage/interface.ts';
import {
  StatusError,
  alreadyExists,
  badRequest,
  conflict,
  internalError,
  isStatusError,
  notFound,
  resourceExpired,
  serviceUnavailable,
  timeout,
  type GroupResource,
} from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';

const log = klog('registry/generic');

export const CONFLICT_MESSAGE = 'the object has been modified; please apply your changes to the latest version and try again';

export interface StorageErrorContext {
  resource: GroupResource;
  /** The object's name, when the operation names one. */
  name?: string;
  /** The resourceVersion the client asked for, quoted in 410/504 messages. */
  requestedResourceVersion?: string;
  /** Names the store in 503 answers, e.g. "sqlite" or "etcd". */
  storeName?: string;
  /** The revision the store is at, when known (for "Too large resource version"). */
  currentRevision?: number;
}

/** Turns any error thrown by a Store into a StatusError; StatusErrors pass through. */
export function interpretStorageError(err: unknown, ctx: StorageErrorContext): StatusError {
  if (isStatusError(err)) return err;
  if (!isStorageError(err)) {
    log.error('unexpected error from storage', { resource: ctx.resource.resource, err: String((err as Error)?.stack ?? err) });
    return internalError(String((err as Error)?.message ?? err));
  }
  const name = ctx.name ?? lastSegment(err.key);
  switch (err.code) {
    case 'KeyExists':
      return alreadyExists(ctx.resource, name);
    case 'NotFound':
      return notFound(ctx.resource, name);
    case 'Conflict':
      return conflict(ctx.resource, name, CONFLICT_MESSAGE);
    case 'ResourceVersionTooOld':
      return resourceExpired(`too old resource version: ${ctx.requestedResourceVersion ?? ''} (${err.revision ?? 0})`);
    case 'ResourceVersionTooLarge':
      return tooLargeResourceVersion(ctx.requestedResourceVersion ?? '', ctx.currentRevision ?? err.revision ?? 0);
    case 'Timeout':
      return timeout(`request did not complete within the allowed duration`, 2);
    case 'Unreachable':
      return serviceUnavailable(`the ${ctx.storeName ?? 'storage'} backend is unreachable`);
    case 'BadRequest':
      // The caller's own mistake (resourceVersion, continue): its message names the problem.
      return badRequest(err.message);
    case 'InvalidObject':
    default:
      log.error('storage reported an invalid object', { key: err.key, err: err.message });
      return internalError(`the stored object at ${err.key} could not be decoded`);
  }
}

/** 504 with a ResourceVersionTooLarge cause; clients retry after a second. */
export function tooLargeResourceVersion(requested: string, current: number): StatusError {
  return new StatusError({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: `Too large resource version: ${requested}, current: ${current}`,
    reason: 'Timeout',
    details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds: 1 },
    code: 504,
  });
}

function lastSegment(key: string): string {
  const i = key.lastIndexOf('/');
  return i >= 0 ? key.slice(i + 1) : key;
}

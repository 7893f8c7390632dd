// The one place storage codes become API Status errors (Kubernetes' storeerr interpretation).
import { isStorageError } from '../../../storage/interface.ts';
import {
  StatusError,
  alreadyExists,
  badRequest,
  conflict,
  isStatusError,
  notFound,
  resourceExpired,
  serviceUnavailable,
  timeout,
  type GroupResource,
} from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { reportInternalError } from '../../../component-base/logs/internal-error.ts';

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
}

/** Turns any error thrown by a Store into a StatusError; StatusErrors pass through. */
export function interpretStorageError(err: unknown, ctx: StorageErrorContext): StatusError {
  if (isStatusError(err)) return err;
  if (!isStorageError(err)) return reportInternalError(log, 'unexpected error from storage', err, { resource: ctx.resource.resource });
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
      // The store's message names the revision it waited for (a continue token's, too) and its own.
      return tooLargeResourceVersion(err.message);
    case 'Timeout':
      return timeout(`request did not complete within the allowed duration`, 2);
    case 'Unreachable':
      return serviceUnavailable(`the ${ctx.storeName ?? 'storage'} backend is unreachable`);
    case 'BadRequest':
      // The caller's own mistake (resourceVersion, continue): its message names the problem.
      return badRequest(err.message);
    case 'InvalidObject':
    default:
      // The key and the decoder's words are the store's business, not the client's.
      return reportInternalError(log, 'storage reported an invalid object', err, { key: err.key });
  }
}

/** 504 with a ResourceVersionTooLarge cause ("Too large resource version: <wanted>, current: <n>"); clients retry after a second. */
export function tooLargeResourceVersion(message: string): StatusError {
  return new StatusError({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason: 'Timeout',
    details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds: 1 },
    code: 504,
  });
}

function lastSegment(key: string): string {
  const i = key.lastIndexOf('/');
  return i >= 0 ? key.slice(i + 1) : key;
}

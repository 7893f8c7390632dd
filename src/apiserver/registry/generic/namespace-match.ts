// The object's namespace must agree with the request's (EnsureObjectNamespaceMatchesRequestNamespace).
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import { badRequest } from '../../../machinery/status.ts';

export function ensureNamespaceMatches(obj: ApiObject, requestNamespace: string, namespaced: boolean): void {
  const meta = obj.metadata;
  if (!namespaced) {
    delete meta.namespace;
    return;
  }
  if (!meta.namespace) meta.namespace = requestNamespace;
  else if (meta.namespace !== requestNamespace) {
    throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
  }
}

export function ensureNameMatches(obj: ApiObject, requestName: string): void {
  const name = obj.metadata.name;
  if (!name) obj.metadata.name = requestName;
  else if (name !== requestName) {
    throw badRequest(`the name of the object (${name}) does not match the name on the URL (${requestName})`);
  }
}

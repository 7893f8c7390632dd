// The resource attributes of a SubjectAccessReview spec, as Kubernetes names them, for a request
// being authorized.
import type { Attributes } from '../../machinery/authorization/types.ts';

export function reviewResourceAttributes(attrs: Attributes): Record<string, string> {
  return {
    namespace: attrs.namespace,
    verb: attrs.verb,
    group: attrs.apiGroup,
    version: attrs.apiVersion,
    resource: attrs.resource,
    subresource: attrs.subresource,
    name: attrs.name,
  };
}

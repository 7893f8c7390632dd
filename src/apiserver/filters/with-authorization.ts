// Asks the authorizer about the request; anything but allow is a 403 Forbidden Status worded as
// Kubernetes words it.
import { forbidden, forbiddenMessage, type StatusError } from '../../machinery/status.ts';
import { klog } from '../../component-base/logs/klog.ts';
import type { Attributes, Authorizer, AuthorizerResult } from '../../machinery/authorization/types.ts';
import { requestContext, type Handler, type Request } from '../../component-base/serving/request-context.ts';
import { writeStatus } from '../../component-base/serving/responses.ts';
import { recordAuthorizationDecision } from '../audit/request-audit.ts';
import { canonicalGroup } from '../registry/generic/alias.ts';
import { parseFieldSelectorSyntax, type FieldTerm } from '../../machinery/selectors/fields.ts';

const log = klog('filters/authorization');

export function attributesFor(req: Request): Attributes {
  const ctx = requestContext(req);
  const info = ctx.requestInfo;
  const user = ctx.user ?? { name: '', groups: [] };
  return {
    user,
    verb: info?.verb ?? (req.method ?? 'get').toLowerCase(),
    isResourceRequest: info?.isResourceRequest ?? false,
    path: info?.path ?? req.url ?? '/',
    namespace: info?.namespace ?? '',
    // A group served under its Kubernetes name too is authorized as the orch.io group.
    apiGroup: canonicalGroup(info?.apiGroup ?? ''),
    apiVersion: info?.apiVersion ?? '',
    resource: info?.resource ?? '',
    subresource: info?.subresource ?? '',
    name: info?.name ?? '',
    ...fieldSelectorOf(req, info?.verb),
  };
}

/** The field selector of a collection read, for authorizers that scope by it (the node authorizer); one that does not parse is left out. */
function fieldSelectorOf(req: Request, verb: string | undefined): { fieldSelector?: readonly FieldTerm[] } {
  if (verb !== 'list' && verb !== 'watch' && verb !== 'deletecollection') return {};
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const selector = q < 0 ? null : new URLSearchParams(url.slice(q + 1)).get('fieldSelector');
  if (!selector) return {};
  try {
    return { fieldSelector: parseFieldSelectorSyntax(selector) };
  } catch {
    return {};
  }
}

/** `User "x" cannot list resource "events" in API group "g" in the namespace "ns"`, and the path form. */
export function forbiddenError(attrs: Attributes, reason: string): StatusError {
  const user = attrs.user.name;
  let msg: string;
  if (!attrs.isResourceRequest) {
    msg = `User ${JSON.stringify(user)} cannot ${attrs.verb} path ${JSON.stringify(attrs.path)}`;
  } else {
    const resource = attrs.subresource ? `${attrs.resource}/${attrs.subresource}` : attrs.resource;
    msg = attrs.namespace
      ? `User ${JSON.stringify(user)} cannot ${attrs.verb} resource ${JSON.stringify(resource)} in API group ${JSON.stringify(attrs.apiGroup)} in the namespace ${JSON.stringify(attrs.namespace)}`
      : `User ${JSON.stringify(user)} cannot ${attrs.verb} resource ${JSON.stringify(resource)} in API group ${JSON.stringify(attrs.apiGroup)} at the cluster scope`;
  }
  const full = reason ? `${msg}: ${reason}` : msg;
  if (!attrs.isResourceRequest || (attrs.apiGroup === '' && attrs.resource === '')) return forbiddenMessage(`forbidden: ${full}`);
  return forbidden({ group: attrs.apiGroup, resource: attrs.resource }, attrs.name, full);
}

export function withAuthorization(handler: Handler, deps: { authorizer: Authorizer }): Handler {
  return (req, res) => {
    const attrs = attributesFor(req);
    const decide = (result: AuthorizerResult): void | Promise<void> => {
      recordAuthorizationDecision(req, result.decision === 'allow', result.reason);
      if (result.decision === 'allow') return handler(req, res);
      log.info('Forbidden', { URI: req.url, user: attrs.user.name, reason: result.reason }, 4);
      writeStatus(req, res, forbiddenError(attrs, result.reason));
    };
    // RBAC answers from memory; only an authorizer that has to wait (a webhook) returns a promise.
    const result = deps.authorizer.authorize(attrs);
    return result instanceof Promise ? result.then(decide) : decide(result);
  };
}

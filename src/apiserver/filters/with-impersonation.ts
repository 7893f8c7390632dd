// Impersonate-User, Impersonate-Group, Impersonate-Uid and Impersonate-Extra-<key>: the request
// acts as another user once the authorizer allows the requester the verb `impersonate` on each
// attribute, in the groups Kubernetes asks about: users, groups and a service account user's
// serviceaccounts object in the core group "", uids and userextras in authentication.orch.io (so
// RBAC roles written for Kubernetes grant it). A refusal is a 403 naming the first attribute refused.
import { klog } from '../../component-base/logs/klog.ts';
import { ANONYMOUS_USER, AUTHENTICATED_GROUP, UNAUTHENTICATED_GROUP } from '../../component-base/authentication/types.ts';
import { unescapeExtraKey } from '../../component-base/authentication/request-header.ts';
import { SERVICE_ACCOUNT_USER_PREFIX, serviceAccountGroups } from '../authentication/service-account.ts';
import type { Attributes, Authorizer } from '../../machinery/authorization/types.ts';
import { requestContext, type Handler, type Request, type Response, type UserInfo } from '../../component-base/serving/request-context.ts';
import { writeStatus } from '../../component-base/serving/responses.ts';
import { badRequest } from '../../machinery/status.ts';
import { forbiddenError } from './with-authorization.ts';
import { recordImpersonatedUser } from '../audit/request-audit.ts';

const log = klog('filters/impersonation');

export const IMPERSONATE_USER = 'impersonate-user';
export const IMPERSONATE_GROUP = 'impersonate-group';
export const IMPERSONATE_UID = 'impersonate-uid';
export const IMPERSONATE_EXTRA_PREFIX = 'impersonate-extra-';
/** The group of the uids and userextras checks; users, groups and serviceaccounts are core (""). */
export const IMPERSONATION_GROUP = 'authentication.orch.io';

export interface ImpersonationRequest {
  user: string;
  uid: string;
  groups: string[];
  /** Extra keys unescaped and lower-cased, values in header order. */
  extra: Record<string, string[]>;
  /** Any Impersonate-* header was sent. */
  any: boolean;
}

/** Reads the Impersonate-* headers (every occurrence: repeated groups and extra values count). */
export function readImpersonationHeaders(req: Request): ImpersonationRequest {
  const out: ImpersonationRequest = { user: '', uid: '', groups: [], extra: {}, any: false };
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    if (name === IMPERSONATE_USER) {
      out.any = true;
      if (out.user === '') out.user = value;
    } else if (name === IMPERSONATE_UID) {
      out.any = true;
      if (out.uid === '') out.uid = value;
    } else if (name === IMPERSONATE_GROUP) {
      out.any = true;
      out.groups.push(value);
    } else if (name.startsWith(IMPERSONATE_EXTRA_PREFIX)) {
      out.any = true;
      (out.extra[unescapeExtraKey(name.slice(IMPERSONATE_EXTRA_PREFIX.length))] ??= []).push(value);
    }
  }
  return out;
}

function attrs(user: UserInfo, resource: string, name: string, more: Partial<Attributes> = {}): Attributes {
  return {
    user,
    verb: 'impersonate',
    isResourceRequest: true,
    path: '',
    namespace: '',
    apiGroup: '',
    apiVersion: '',
    resource,
    subresource: '',
    name,
    ...more,
  };
}

/** The checks to make, in Kubernetes' order: the user, each group, each extra value, the UID. */
export function impersonationChecks(requester: UserInfo, wanted: ImpersonationRequest): Attributes[] {
  const checks: Attributes[] = [];
  const sa = wanted.user.startsWith(SERVICE_ACCOUNT_USER_PREFIX) ? wanted.user.slice(SERVICE_ACCOUNT_USER_PREFIX.length).split(':') : undefined;
  if (sa && sa.length === 2 && sa[0] && sa[1]) {
    checks.push(attrs(requester, 'serviceaccounts', sa[1], { namespace: sa[0] }));
  } else {
    checks.push(attrs(requester, 'users', wanted.user));
  }
  for (const g of wanted.groups) checks.push(attrs(requester, 'groups', g));
  for (const [key, values] of Object.entries(wanted.extra)) for (const v of values) checks.push(attrs(requester, 'userextras', v, { apiGroup: IMPERSONATION_GROUP, subresource: key }));
  if (wanted.uid) checks.push(attrs(requester, 'uids', wanted.uid, { apiGroup: IMPERSONATION_GROUP }));
  return checks;
}

/** The user the request acts as, with the groups Kubernetes adds. */
export function impersonatedUser(wanted: ImpersonationRequest): UserInfo {
  let groups = [...wanted.groups];
  const sa = wanted.user.startsWith(SERVICE_ACCOUNT_USER_PREFIX) ? wanted.user.slice(SERVICE_ACCOUNT_USER_PREFIX.length).split(':') : undefined;
  if (sa && sa.length === 2 && groups.length === 0) groups = serviceAccountGroups(sa[0]!);
  if (wanted.user !== ANONYMOUS_USER) {
    if (!groups.includes(AUTHENTICATED_GROUP) && !groups.includes(UNAUTHENTICATED_GROUP)) groups.push(AUTHENTICATED_GROUP);
  } else if (!groups.includes(UNAUTHENTICATED_GROUP)) {
    groups.push(UNAUTHENTICATED_GROUP);
  }
  return {
    name: wanted.user,
    ...(wanted.uid ? { uid: wanted.uid } : {}),
    groups,
    ...(Object.keys(wanted.extra).length ? { extra: wanted.extra } : {}),
  };
}

function stripHeaders(req: Request): void {
  for (const name of Object.keys(req.headers)) {
    if (name === IMPERSONATE_USER || name === IMPERSONATE_GROUP || name === IMPERSONATE_UID || name.startsWith(IMPERSONATE_EXTRA_PREFIX)) delete req.headers[name];
  }
}

export function withImpersonation(handler: Handler, deps: { authorizer: Authorizer }): Handler {
  return (req, res) => {
    const wanted = readImpersonationHeaders(req);
    if (!wanted.any) return handler(req, res);
    return impersonate(req, res, wanted, handler, deps.authorizer);
  };
}

async function impersonate(req: Request, res: Response, wanted: ImpersonationRequest, handler: Handler, authorizer: Authorizer): Promise<void> {
  const ctx = requestContext(req);
  if (wanted.user === '') {
    const asked = [wanted.uid && 'uid', wanted.groups.length && 'groups', Object.keys(wanted.extra).length && 'user-extra'].filter(Boolean).join(', ');
    // Kubernetes answers this with a plain-text internal error; it is the client's mistake, so orch
    // answers a 400 Status with the same words.
    writeStatus(req, res, badRequest(`requested ${asked || 'impersonation'} without impersonating a user`));
    return;
  }
  const requester = ctx.user ?? { name: '', groups: [] };
  for (const check of impersonationChecks(requester, wanted)) {
    const decision = await authorizer.authorize(check);
    if (decision.decision !== 'allow') {
      log.info('impersonation refused', { user: requester.name, resource: check.resource, name: check.name }, 4);
      writeStatus(req, res, forbiddenError(check, decision.reason));
      return;
    }
  }
  ctx.user = impersonatedUser(wanted);
  recordImpersonatedUser(req, ctx.user);
  stripHeaders(req);
  log.info('impersonating', { user: requester.name, as: wanted.user }, 5);
  return handler(req, res);
}

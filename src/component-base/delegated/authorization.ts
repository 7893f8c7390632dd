// Delegated authorization, as Kubernetes' DelegatingAuthorizationOptions builds it: members of the
// always-allowed groups (system:masters) and the --authorization-always-allow-paths pass without
// asking; everything else is a SubjectAccessReview to the core API server through
// --authorization-kubeconfig, its answer cached (allowed and denied for their own TTLs). Without
// that file nothing else is allowed.
import type { UserInfo } from '../serving/request-context.ts';
import type { RestClient } from '../../client/rest/client.ts';
import { klog } from '../logs/klog.ts';
import type { DelegatedAuthorizationOptions } from '../../options/controllermanager/delegated-auth-options.ts';
import { reviewClient } from './review-client.ts';

const log = klog('delegated/authorization');

const MAX_CACHE_ENTRIES = 10_000;

export interface NonResourceRequest {
  user: UserInfo;
  /** Lower-case HTTP method, as Kubernetes names non-resource verbs. */
  verb: string;
  path: string;
}

export interface AuthorizationDecision {
  allowed: boolean;
  reason: string;
  /** The review could not be made: answered as an internal error. */
  error?: string;
}

export interface DelegatedAuthorizer {
  authorize(request: NonResourceRequest): Promise<AuthorizationDecision>;
  close(): void;
}

/** Whether a path is on the always-allow list; a trailing `*` matches a prefix. */
export function isAlwaysAllowedPath(path: string, allowed: readonly string[]): boolean {
  return allowed.some((p) => (p.endsWith('*') ? path.startsWith(p.slice(0, -1)) : path === p));
}

interface CachedDecision {
  expires: number;
  decision: AuthorizationDecision;
}

function subjectAccessReview(client: RestClient, opts: DelegatedAuthorizationOptions, now: () => number) {
  const cache = new Map<string, CachedDecision>();
  return async (req: NonResourceRequest): Promise<AuthorizationDecision> => {
    const spec = {
      nonResourceAttributes: { path: req.path, verb: req.verb },
      user: req.user.name,
      groups: req.user.groups,
      ...(req.user.uid ? { uid: req.user.uid } : {}),
      ...(req.user.extra && Object.keys(req.user.extra).length ? { extra: req.user.extra } : {}),
    };
    const key = JSON.stringify(spec);
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return hit.decision;
    let answer: { status?: { allowed?: boolean; denied?: boolean; reason?: string; evaluationError?: string } };
    try {
      answer = await client.request({
        method: 'POST',
        path: '/apis/authorization.orch.io/v1/subjectaccessreviews',
        body: { apiVersion: 'authorization.orch.io/v1', kind: 'SubjectAccessReview', metadata: {}, spec },
      });
    } catch (err) {
      log.error('SubjectAccessReview failed', { err: (err as Error).message });
      return { allowed: false, reason: '', error: `SubjectAccessReview failed: ${(err as Error).message}` };
    }
    const decision: AuthorizationDecision = { allowed: answer.status?.allowed === true, reason: answer.status?.reason ?? '' };
    const ttl = decision.allowed ? opts.allowCacheTTLms : opts.denyCacheTTLms;
    if (ttl > 0) {
      if (cache.size >= MAX_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(key, { expires: now() + ttl, decision });
    }
    return decision;
  };
}

export function buildDelegatedAuthorization(opts: DelegatedAuthorizationOptions, userAgent: string, now: () => number = Date.now): DelegatedAuthorizer {
  const client = opts.kubeconfig ? reviewClient(opts.kubeconfig, userAgent) : undefined;
  if (!client) log.warning('No --authorization-kubeconfig: only --authorization-always-allow-paths are allowed (and system:masters)');
  const review = client ? subjectAccessReview(client, opts, now) : undefined;
  const groups = new Set(opts.alwaysAllowGroups);
  return {
    async authorize(req) {
      if (req.user.groups.some((g) => groups.has(g))) return { allowed: true, reason: '' };
      if (isAlwaysAllowedPath(req.path, opts.alwaysAllowPaths)) return { allowed: true, reason: '' };
      if (!review) return { allowed: false, reason: '' };
      return review(req);
    },
    close: () => client?.close(),
  };
}

// Who may read the metrics API, decided as Kubernetes' extension API servers decide it. The caller
// is the API server's aggregator: its proxy client certificate must verify against the
// request-header client CA (and carry an allowed name), and the user it passes on is read from
// the request headers it names (X-Remote-User, X-Remote-Group, X-Remote-Extra-…). The CA and the
// header names come from orch-system/extension-apiserver-authentication, which the API server
// publishes. The user is then authorized with a SubjectAccessReview for the metrics resource,
// answers cached for ten seconds; discovery is open to every authenticated user.
import { parseCertBundle } from '../component-base/authentication/cert-verify.ts';
import { requestHeaderAuthenticator } from '../component-base/authentication/request-header.ts';
import type { RequestAuthenticator } from '../component-base/authentication/types.ts';
import { lookupAuthentication } from '../component-base/delegated/authentication.ts';
import type { UserInfo } from '../component-base/serving/request-context.ts';
import type { RestClient } from '../client/rest/client.ts';
import { METRICS_GROUP, METRICS_VERSION } from './metrics-api.ts';

export interface MetricsAttributes {
  verb: 'get' | 'list';
  resource: 'pods' | 'nodes';
  namespace: string;
  name: string;
}

export interface MetricsAccess {
  authenticator: RequestAuthenticator;
  /** PEM of the request-header client CA, which the TLS handshake asks client certificates of. */
  clientCA: string;
  authorize(user: UserInfo, attributes: MetricsAttributes): Promise<{ allowed: boolean; reason: string }>;
}

const CACHE_MS = 10_000;
const MAX_CACHED = 10_000;

/** Reads the published request-header settings; without them nothing could be authenticated. */
export async function metricsAccess(client: RestClient, now: () => number = Date.now): Promise<MetricsAccess> {
  const info = await lookupAuthentication(client);
  const rh = info.requestHeader;
  if (!rh?.clientCA) throw new Error('the API server publishes no request-header client CA (orch-system/extension-apiserver-authentication): the aggregator could not be authenticated');
  const authenticator = requestHeaderAuthenticator({ ...rh, roots: parseCertBundle(rh.clientCA, 'the request-header client CA') });
  const cache = new Map<string, { until: number; answer: { allowed: boolean; reason: string } }>();
  return {
    authenticator,
    clientCA: rh.clientCA,
    async authorize(user, attributes) {
      const spec = {
        resourceAttributes: { group: METRICS_GROUP, version: METRICS_VERSION, ...attributes },
        user: user.name,
        groups: user.groups,
        ...(user.uid ? { uid: user.uid } : {}),
        ...(user.extra && Object.keys(user.extra).length ? { extra: user.extra } : {}),
      };
      const key = JSON.stringify(spec);
      const hit = cache.get(key);
      if (hit && hit.until > now()) return hit.answer;
      const review = await client.request<{ status?: { allowed?: boolean; reason?: string } }>({
        method: 'POST',
        path: '/apis/authorization.orch.io/v1/subjectaccessreviews',
        body: { apiVersion: 'authorization.orch.io/v1', kind: 'SubjectAccessReview', metadata: {}, spec },
      });
      const answer = { allowed: review.status?.allowed === true, reason: review.status?.reason ?? '' };
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
      cache.set(key, { until: now() + CACHE_MS, answer });
      return answer;
    },
  };
}

// With anonymous authentication on, unauthenticated users may reach only what Kubernetes'
// system:public-info-viewer role grants (health and version), whatever the modes say. This step
// only restricts, never grants, so the server is never open to anonymous users by accident.
import { UNAUTHENTICATED_GROUP } from '../../component-base/authentication/types.ts';
import type { Authorizer } from '../../machinery/authorization/types.ts';

// Service account issuer discovery is public too (system:service-account-issuer-discovery), so
// relying parties can fetch the keys that verify tokens; it is 404 where it is not served. The
// web page's files under /ui/ carry no cluster data (its API requests are authorized as any other).
const PUBLIC_PATHS = ['/healthz', '/livez', '/readyz', '/version', '/.well-known/openid-configuration', '/openid/v1/jwks', '/ui'];

export function isPublicInfoPath(path: string): boolean {
  return PUBLIC_PATHS.some((p) => path === p || path === `${p}/` || path.startsWith(`${p}/`));
}

export function anonymousPublicPathsOnly(): Authorizer {
  return {
    authorize(attrs) {
      const unauthenticated = attrs.user.groups.includes(UNAUTHENTICATED_GROUP);
      if (!unauthenticated) return { decision: 'noOpinion', reason: '' };
      if (!attrs.isResourceRequest && attrs.verb === 'get' && isPublicInfoPath(attrs.path)) return { decision: 'noOpinion', reason: '' };
      return { decision: 'deny', reason: '' };
    },
  };
}

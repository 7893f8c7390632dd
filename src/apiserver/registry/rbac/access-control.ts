// Everything access control adds to a server, built from its storage: the RBAC resources and the
// review APIs, the RBAC authorizer over an in-memory policy index kept current by watching the
// stores, the bootstrap policy post-start hook, and the late binding of the server's own
// authenticator and authorizer into the reviews and escalation checks.
import type { ApiObject, Store } from '../../../storage/interface.ts';
import type { GroupResourceName } from '../../../storage/keys.ts';
import type { Admission } from '../../admission/types.ts';
import { RbacPolicyIndex, type RbacKind } from '../../authorization/rbac/policy-index.ts';
import { syncPolicyIndex } from '../../authorization/rbac/policy-sync.ts';
import { rbacAuthorizer } from '../../authorization/rbac/authorizer.ts';
import type { AuthorizerModes } from '../../authorization/build.ts';
import type { BuiltAuth, PostStartHook } from '../../server/config.ts';
import type { InstalledResource } from '../generic/context.ts';
import { collectionPrefix } from '../generic/keys.ts';
import { accessReviewResources } from '../authorization/access-reviews.ts';
import { lateBoundReviewBackends } from '../authorization/review-backends.ts';
import { authenticationReviewResources } from '../authentication/token-reviews.ts';
import { rbacResources } from './resources.ts';
import { reconcileBootstrapPolicy } from './bootstrap/reconcile.ts';

export interface AccessControlOptions {
  storeFor: (gr: GroupResourceName) => Store<ApiObject>;
  storeName?: string;
  admission?: Admission;
}

export interface AccessControl {
  /** RBAC kinds and review APIs, each also under its Kubernetes group name (hidden). */
  resources: InstalledResource<any, any>[];
  /** Spread into the server's deps. */
  serverDeps: {
    authorizationModes: AuthorizerModes;
    onAuthBuilt: (auth: BuiltAuth) => void;
    postStartHooks: PostStartHook[];
  };
  index: RbacPolicyIndex;
  /** Stops watching the RBAC stores (before storage closes). */
  stop(): void;
}

export function buildAccessControl(opts: AccessControlOptions): AccessControl {
  const index = new RbacPolicyIndex();
  const backends = lateBoundReviewBackends(index);
  const rbac = rbacResources({ storeFor: opts.storeFor, storeName: opts.storeName, admission: opts.admission, index, authorizer: backends.authorizer });
  const served = rbac;
  const sync = syncPolicyIndex(
    index,
    served.map((r) => ({ kind: r.declaration.kind as RbacKind, store: r.store as Store<ApiObject>, prefix: collectionPrefix(r.declaration, '') })),
  );
  const byKind = (kind: string) => ({ declaration: served.find((r) => r.declaration.kind === kind)!.declaration, store: served.find((r) => r.declaration.kind === kind)!.store });
  return {
    resources: [...rbac, ...accessReviewResources(backends), ...authenticationReviewResources(backends)],
    serverDeps: {
      authorizationModes: { RBAC: () => rbacAuthorizer({ index, synced: sync.synced }) },
      onAuthBuilt: (auth) => backends.bind(auth),
      postStartHooks: [
        {
          name: 'rbac/bootstrap-roles',
          run: async () => {
            await reconcileBootstrapPolicy({ clusterRoles: byKind('ClusterRole'), clusterRoleBindings: byKind('ClusterRoleBinding') });
          },
        },
      ],
    },
    index,
    stop: () => sync.stop(),
  };
}

// The RBAC resources as installed: the four declarations (and their hidden
// rbac.authorization.k8s.io aliases) over their stores, writes checked for escalation after the
// server's own admission.
import type { ApiObject, Store } from '../../../storage/interface.ts';
import type { Admission } from '../../admission/types.ts';
import type { InstalledResource } from '../generic/context.ts';
import type { GroupResourceName } from '../../../storage/keys.ts';
import { rbacDeclarations } from './declarations.ts';
import { checkEscalation, type EscalationCheckDeps } from './escalation-admission.ts';

export interface RbacResourceOptions extends EscalationCheckDeps {
  storeFor: (gr: GroupResourceName) => Store<ApiObject>;
  admission?: Admission;
  storeName?: string;
}

export function withEscalationCheck(deps: EscalationCheckDeps, admission: Admission | undefined): Admission {
  return {
    admit: (attrs) => admission?.admit(attrs),
    async validate(attrs) {
      await admission?.validate(attrs);
      await checkEscalation(deps, attrs);
    },
  };
}

export function rbacResources(opts: RbacResourceOptions): InstalledResource<any, any>[] {
  const admission = withEscalationCheck(opts, opts.admission);
  return rbacDeclarations().map((declaration) => ({ declaration, store: opts.storeFor(declaration.storageResource), storeName: opts.storeName, admission }));
}

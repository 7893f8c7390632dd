// OwnerReferencesPermissionEnforcement: setting or changing an object's ownerReferences needs
// delete permission on the object (a create is exempt: its creator could delete it), and making
// a reference block its owner's deletion needs update permission on the owner's finalizers.
// Both checks ask the server's authorizer.
import type { Attributes, Authorizer } from '../../../../machinery/authorization/types.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../../types.ts';
import { admissionForbidden } from '../../forbidden.ts';
import { isChangingOwnerReferences, newBlockingRefs } from './owner-refs.ts';
import { restMapping, type ServedKind } from './rest-mapping.ts';

export interface OwnerReferencesDeps {
  authorizer: () => Authorizer | undefined;
  servedKinds: () => readonly ServedKind[];
}

/** Writes Kubernetes never checks: a pod's status. */
function exempt(attrs: AdmissionAttributes): boolean {
  return attrs.resource.group === '' && attrs.resource.resource === 'pods' && attrs.subresource === 'status';
}

async function allowed(authorizer: Authorizer | undefined, record: Attributes): Promise<{ ok: boolean; reason: string }> {
  if (!authorizer) return { ok: false, reason: 'no authorizer is configured' };
  const r = await authorizer.authorize(record);
  return { ok: r.decision === 'allow', reason: r.reason };
}

function record(attrs: AdmissionAttributes, over: Partial<Attributes>): Attributes {
  return {
    user: attrs.userInfo ?? { name: '', groups: [] },
    verb: 'delete',
    isResourceRequest: true,
    path: '',
    namespace: attrs.namespace,
    apiGroup: attrs.resource.group,
    apiVersion: attrs.resource.version,
    resource: attrs.resource.resource,
    subresource: attrs.subresource,
    name: attrs.name,
    ...over,
  };
}

export function ownerReferencesPermissionEnforcement(deps: OwnerReferencesDeps): AdmissionPlugin {
  return {
    name: 'OwnerReferencesPermissionEnforcement',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    async validate(attrs) {
      if (exempt(attrs) || !isChangingOwnerReferences(attrs.object, attrs.oldObject)) return;
      const authorizer = deps.authorizer();
      if (attrs.operation !== 'CREATE') {
        const d = await allowed(authorizer, record(attrs, {}));
        if (!d.ok) throw admissionForbidden(attrs, `cannot set an ownerRef on a resource you can't delete: ${d.reason}, <nil>`);
      }
      for (const ref of newBlockingRefs(attrs.object, attrs.oldObject)) {
        const mapping = restMapping(deps.servedKinds(), ref.apiVersion ?? '', ref.kind ?? '');
        if (mapping instanceof Error) {
          throw admissionForbidden(attrs, `cannot set blockOwnerDeletion in this case because cannot find RESTMapping for APIVersion ${ref.apiVersion} Kind ${ref.kind}: ${mapping.message}`);
        }
        const owner = record(attrs, {
          verb: 'update',
          apiGroup: mapping.group,
          apiVersion: mapping.version,
          resource: mapping.plural,
          subresource: 'finalizers',
          name: ref.name ?? '',
          namespace: mapping.namespaced ? attrs.namespace : '',
        });
        const d = await allowed(authorizer, owner);
        if (!d.ok) throw admissionForbidden(attrs, `cannot set blockOwnerDeletion if an ownerReference refers to a resource you can't set finalizers on: ${d.reason}, <nil>`);
      }
    },
  };
}

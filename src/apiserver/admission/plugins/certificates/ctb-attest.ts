// ClusterTrustBundleAttest: creating or updating a ClusterTrustBundle that names a signer needs
// the `attest` verb on that signer (certificates.orch.io signers, by name or domain/*); the
// signer may not change; an update that leaves the anchors alone is not checked (storage
// migration and garbage collection rewrite bundles without changing them).
import type { ClusterTrustBundle } from '../../../../api/certificates/v1beta1/types.ts';
import type { Authorizer } from '../../../../machinery/authorization/types.ts';
import { admissionForbidden } from '../../forbidden.ts';
import type { AdmissionPlugin } from '../../types.ts';
import { authorizedForSigner, isCertificatesWrite } from './signer-authorization.ts';

export function clusterTrustBundleAttest(deps: { authorizer?: () => Authorizer | undefined }): AdmissionPlugin {
  return {
    name: 'ClusterTrustBundleAttest',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    async validate(attrs) {
      if (!isCertificatesWrite(attrs, 'clustertrustbundles', '')) return;
      const bundle = attrs.object as ClusterTrustBundle | undefined;
      const old = attrs.oldObject as ClusterTrustBundle | undefined;
      if (!bundle) return;
      const signer = bundle.spec?.signerName ?? '';
      if (attrs.operation === 'UPDATE' && signer !== (old?.spec?.signerName ?? '')) throw admissionForbidden(attrs, 'changing signerName is forbidden');
      if (!signer) return;
      if (attrs.operation === 'UPDATE' && bundle.spec?.trustBundle === old?.spec?.trustBundle) return;
      if (!(await authorizedForSigner(deps.authorizer?.(), attrs.userInfo, 'attest', signer))) {
        throw admissionForbidden(attrs, `user not permitted to attest for signerName ${JSON.stringify(signer)}`);
      }
    },
  };
}

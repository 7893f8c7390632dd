// The certificates admission plugins with an authorizer that allows a fixed set of signer
// permissions: approve and sign by signer name or domain wildcard, subject restriction.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Attributes, Authorizer } from '../../../../machinery/authorization/types.ts';
import type { AdmissionAttributes } from '../../types.ts';
import { base64, makeCsr } from '../../../../../test/support/openssl.ts';
import { certificateApproval } from './approval.ts';
import { certificateSigning } from './signing.ts';
import { certificateSubjectRestriction } from './subject-restriction.ts';
import { clusterTrustBundleAttest } from './ctb-attest.ts';

const asked: Attributes[] = [];
/** Allows `verb` on signers whose name is in `allowed`. */
function authorizer(allowed: string[]): Authorizer {
  return {
    authorize(attrs) {
      asked.push(attrs);
      return { decision: attrs.resource === 'signers' && allowed.includes(`${attrs.verb} ${attrs.name}`) ? 'allow' : 'noOpinion', reason: '' };
    },
  };
}

function attrs(subresource: string, object: unknown, oldObject?: unknown, group = 'certificates.orch.io'): AdmissionAttributes {
  return {
    operation: subresource === '' ? 'CREATE' : 'UPDATE',
    resource: { group, version: 'v1', resource: 'certificatesigningrequests' },
    subresource,
    kind: { group, version: 'v1', kind: 'CertificateSigningRequest' },
    namespace: '',
    name: 'c',
    object: object as any,
    oldObject: oldObject as any,
    dryRun: false,
    userInfo: { name: 'alice', groups: ['dev'] },
  };
}

const csr = (signerName: string, status = {}) => ({ metadata: { name: 'c' }, spec: { signerName, request: '' }, status });

test('CertificateApproval asks for approve on the signer, then on its domain', async () => {
  const plugin = certificateApproval({ authorizer: () => authorizer(['approve example.com/*']) });
  asked.length = 0;
  await plugin.validate!(attrs('approval', csr('example.com/a')));
  assert.deepEqual(asked.map((a) => [a.verb, a.apiGroup, a.resource, a.name]), [['approve', 'certificates.orch.io', 'signers', 'example.com/a'], ['approve', 'certificates.orch.io', 'signers', 'example.com/*']]);
  await assert.rejects(async () => plugin.validate!(attrs('approval', csr('other.com/a'))), { message: 'certificatesigningrequests.certificates.orch.io "c" is forbidden: user not permitted to approve requests with signerName "other.com/a"' });
  // Through the group's Kubernetes name too; other subresources are not its business.
  await assert.rejects(async () => plugin.validate!(attrs('approval', csr('other.com/a'), undefined, 'certificates.k8s.io')));
  await plugin.validate!(attrs('status', csr('other.com/a')));
});

test('CertificateSigning checks only writes that change the certificate or conditions, for the stored signer', async () => {
  const plugin = certificateSigning({ authorizer: () => authorizer(['sign example.com/a']) });
  const old = csr('example.com/b');
  await plugin.validate!(attrs('status', old, old));
  await assert.rejects(async () => plugin.validate!(attrs('status', csr('example.com/a', { certificate: 'eA==' }), old)), { message: /user not permitted to sign requests with signerName "example.com\/b"/ });
  await plugin.validate!(attrs('status', csr('example.com/b', { certificate: 'eA==' }), csr('example.com/a')));
});

test('CertificateSubjectRestriction refuses system:masters for orch.io/kube-apiserver-client only', () => {
  const plugin = certificateSubjectRestriction();
  const masters = base64(makeCsr('/CN=x/O=system:masters').csr);
  const body = (signerName: string, request: string) => ({ metadata: { name: 'c' }, spec: { signerName, request } });
  assert.throws(() => plugin.validate!(attrs('', body('orch.io/kube-apiserver-client', masters))), { message: 'certificatesigningrequests.certificates.orch.io "c" is forbidden: use of orch.io/kube-apiserver-client signer with system:masters group is not allowed' });
  plugin.validate!(attrs('', body('orch.io/kubelet-serving', masters)));
  assert.throws(() => plugin.validate!(attrs('', body('orch.io/kube-apiserver-client', base64('junk')))), { message: /failed to parse CSR: PEM block type must be CERTIFICATE REQUEST/ });
});

test('ClusterTrustBundleAttest checks bundles with a signer, and only when their anchors change', async () => {
  const plugin = clusterTrustBundleAttest({ authorizer: () => authorizer(['attest example.com/*']) });
  const bundle = (signerName: string, trustBundle = 'pem') => ({ metadata: { name: 'b' }, spec: { signerName, trustBundle } });
  const ctb = (operation: 'CREATE' | 'UPDATE', object: unknown, oldObject?: unknown): AdmissionAttributes => ({
    ...attrs('', object, oldObject),
    operation,
    resource: { group: 'certificates.orch.io', version: 'v1beta1', resource: 'clustertrustbundles' },
  });
  await plugin.validate!(ctb('CREATE', bundle('example.com/a')));
  await plugin.validate!(ctb('CREATE', bundle('')));
  await assert.rejects(async () => plugin.validate!(ctb('CREATE', bundle('other.com/a'))), { message: /user not permitted to attest for signerName "other.com\/a"/ });
  await plugin.validate!(ctb('UPDATE', bundle('other.com/a'), bundle('other.com/a')));
  await assert.rejects(async () => plugin.validate!(ctb('UPDATE', bundle('other.com/a', 'new'), bundle('other.com/a'))), { message: /not permitted to attest/ });
  await assert.rejects(async () => plugin.validate!(ctb('UPDATE', bundle('example.com/b'), bundle('example.com/a'))), { message: /changing signerName is forbidden/ });
});

// certificates.v1's types as Go structs (see ../go-structs.ts): CertificateSigningRequest, a
// request for an X.509 certificate that is approved or denied and then signed. Field numbers and
// tags are Kubernetes' (k8s.io/api certificates/v1, 1.35); descriptions are our own.
import type { GoPackage } from '../go-structs.ts';

export const certificatesPackage: GoPackage = {
  prefix: 'io.orch.api.certificates.v1',
  goPackage: 'v1',
  structs: {
    CertificateSigningRequest: {
      doc: 'A request for an X.509 certificate from a signer: created with a PKCS#10 request, approved or denied through /approval, and given its certificate by the signer through /status.',
      kind: { group: 'certificates.orch.io', version: 'v1', kind: 'CertificateSigningRequest' },
      listDoc: 'A list of certificate signing requests.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec', 2, 'CertificateSigningRequestSpec', 'The request, its signer, usages and lifetime, and who asked; fixed once created.'],
        ['status,omitempty', 3, 'CertificateSigningRequestStatus', 'Whether the request was approved, denied or failed, and the issued certificate.'],
      ],
    },
    CertificateSigningRequestSpec: {
      doc: 'What a certificate signing request asks for, and who asked. Only request, signerName, expirationSeconds and usages are set by the requester; the server fills the rest.',
      fields: [
        ['request', 1, '[]byte', 'A PKCS#10 certificate request in a PEM "CERTIFICATE REQUEST" block (base64 again in JSON and YAML), signed by the key the certificate is for.', { listType: 'atomic' }],
        ['signerName', 7, 'string', 'The signer asked to issue the certificate, a qualified name such as orch.io/kube-apiserver-client, orch.io/kube-apiserver-client-kubelet or orch.io/kubelet-serving, or a signer of your own (example.com/name). Field selector spec.signerName.'],
        ['*expirationSeconds,omitempty', 8, 'int32', 'The lifetime asked for the certificate, at least 600 seconds; the signer may issue a shorter or longer one.'],
        ['usages,omitempty', 5, '[]string:KeyUsage', 'The key usages asked for, e.g. "digital signature", "key encipherment" and "client auth" for a client certificate, "server auth" for a serving one.', { listType: 'atomic' }],
        ['username,omitempty', 2, 'string', 'The name of the user who created the request; set by the server.'],
        ['uid,omitempty', 3, 'string', 'The uid of the user who created the request; set by the server.'],
        ['groups,omitempty', 4, '[]string', 'The groups of the user who created the request; set by the server.', { listType: 'atomic' }],
        ['extra,omitempty', 6, 'map[string][]string', 'Other attributes of the user who created the request; set by the server.', { wrapped: true }],
      ],
    },
    CertificateSigningRequestStatus: {
      doc: 'The outcome of a certificate signing request.',
      fields: [
        ['conditions,omitempty', 1, '[]CertificateSigningRequestCondition', 'Approved or Denied (set through /approval, never both), Failed (set by the signer through /status); none of them can be removed once set.', { listType: 'map', listMapKeys: ['type'] }],
        ['certificate,omitempty', 2, '[]byte', 'The issued certificate as PEM CERTIFICATE blocks (base64 again in JSON and YAML), the first being the certificate and the rest intermediates; set through /status after approval and fixed once set.', { listType: 'atomic' }],
      ],
    },
    CertificateSigningRequestCondition: {
      doc: 'One condition of a certificate signing request.',
      fields: [
        ['type', 1, 'string:RequestConditionType', 'Approved, Denied, Failed, or another type of the signer\'s.'],
        ['status', 6, 'string:ConditionStatus', 'True, False or Unknown; Approved, Denied and Failed are always True.'],
        ['reason,omitempty', 2, 'string', 'A short machine-readable reason.'],
        ['message,omitempty', 3, 'string', 'A human-readable explanation.'],
        ['lastUpdateTime,omitempty', 4, 'meta.Time', 'When the condition was last written; set by the server when left out.'],
        ['lastTransitionTime,omitempty', 5, 'meta.Time', 'When the condition last changed status; set by the server when left out.'],
      ],
    },
  },
};

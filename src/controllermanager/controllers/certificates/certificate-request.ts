// A CertificateSigningRequest's PKCS#10 request as the certificate controllers read it: parsed and
// its signature checked as Kubernetes' ParseCSR does (with Go's messages), then the subject and the
// subject alternative names the signers and the approver judge it by.
import type * as X509 from '@peculiar/x509';
import { parseCsr } from '../../../component-base/certs/csr.ts';
import { pemBlocks } from '../../../component-base/certs/pem-blocks.ts';
import { x509Library } from './x509-library.ts';

const SUBJECT_ALT_NAME = '2.5.29.17';

export interface CertificateRequest {
  request: X509.Pkcs10CertificateRequest;
  organizations: string[];
  commonName: string;
  dnsNames: string[];
  ipAddresses: string[];
  emailAddresses: string[];
  uris: string[];
  /** 'rsa', 'ec', 'ed25519', ... as Node names key types. */
  keyType: string;
}

/** The request in spec.request (base64 of PEM); throws with Go's message when it is not one. */
export async function readCertificateRequest(requestBase64: string): Promise<CertificateRequest> {
  const pem = Buffer.from(requestBase64, 'base64').toString('latin1');
  const checked = parseCsr(pem);
  const x509 = await x509Library();
  const request = new x509.Pkcs10CertificateRequest(pemBlocks(pem)[0]!.der);
  const names = (request.getExtension(SUBJECT_ALT_NAME) as X509.SubjectAlternativeNameExtension | null)?.names.toJSON() ?? [];
  const of = (type: string) => names.filter((n) => n.type === type).map((n) => n.value);
  return {
    request,
    organizations: checked.organizations,
    commonName: checked.commonName ?? '',
    dnsNames: of('dns'),
    ipAddresses: of('ip'),
    emailAddresses: of('email'),
    uris: of('url'),
    keyType: checked.publicKey.asymmetricKeyType ?? '',
  };
}

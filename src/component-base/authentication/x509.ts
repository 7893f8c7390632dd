// --client-ca-file: a client certificate that verifies against the bundle names the user by its
// CommonName and the groups by its Organizations. A certificate that does not verify is refused
// (401), not ignored.
import { createHash, type X509Certificate } from 'node:crypto';
import { klog } from '../logs/klog.ts';
import { requestChainVerifier } from './chain-verifier.ts';
import { subjectValues } from './peer-certificates.ts';
import { CREDENTIAL_ID_KEY, type RequestAuthenticator } from './types.ts';

const log = klog('authentication/x509');

/** Kubernetes' OID for a user UID in a certificate subject (gate AllowParsingUserUIDFromCertAuth). */
export const UID_OID = '1.3.6.1.4.1.57683.2';

export interface X509Options {
  roots: X509Certificate[];
  /** Read the UID attribute from the subject. */
  parseUID: boolean;
}

export function x509Authenticator(opts: X509Options): RequestAuthenticator {
  const verifiedChain = requestChainVerifier(opts.roots, 'certificate', (err, chain) => {
    log.info('client certificate refused', { err: err.message, subject: chain.certs[0]!.subject.replace(/\n/g, ', ') }, 4);
  });
  return {
    authenticate(req) {
      const chain = verifiedChain(req);
      if (!chain) return null;
      const name = subjectValues(chain.subject, 'CN')[0] ?? '';
      if (name === '') return null;
      const uid = opts.parseUID ? subjectValues(chain.subject, UID_OID)[0] : undefined;
      const fingerprint = createHash('sha256').update(chain.certs[0]!.raw).digest('hex');
      return {
        user: {
          name,
          ...(uid ? { uid } : {}),
          groups: [...subjectValues(chain.subject, 'O')],
          extra: { [CREDENTIAL_ID_KEY]: [`X509SHA256=${fingerprint}`] },
        },
      };
    },
  };
}

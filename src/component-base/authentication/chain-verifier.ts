// Verifies a connection's client chain against one CA bundle, remembering a success per
// connection until the earliest expiry on the path, so keep-alive requests pay for it once.
import type { X509Certificate } from 'node:crypto';
import type { Request } from '../serving/request-context.ts';
import { CertificateVerifyError, verifyClientChain, type VerifiedChain } from './cert-verify.ts';
import { peerChain, type PeerChain } from './peer-certificates.ts';
import { AuthenticationError } from './types.ts';

export type ChainVerifier = (chain: PeerChain) => VerifiedChain;

export function cachedChainVerifier(roots: X509Certificate[]): ChainVerifier {
  const verified = new WeakMap<PeerChain, VerifiedChain>();
  return (chain) => {
    const now = Date.now();
    const hit = verified.get(chain);
    if (hit && now <= hit.validUntil) return hit;
    const result = verifyClientChain(chain.certs, roots, now);
    verified.set(chain, result);
    return result;
  };
}

/**
 * The request's client chain once it verifies against `roots`: null when the client sent no
 * certificate, an AuthenticationError ("verifying <what> failed: …") when it does not verify.
 * `onRefused` sees each chain refused, before the error is thrown.
 */
export function requestChainVerifier(
  roots: X509Certificate[],
  what: string,
  onRefused?: (err: CertificateVerifyError, chain: PeerChain) => void,
): (req: Request) => PeerChain | null {
  const verify = cachedChainVerifier(roots);
  return (req) => {
    const chain = peerChain(req);
    if (!chain) return null;
    try {
      verify(chain);
    } catch (err) {
      if (!(err instanceof CertificateVerifyError)) throw err;
      onRefused?.(err, chain);
      throw new AuthenticationError(`verifying ${what} failed: ${err.message}`);
    }
    return chain;
  };
}

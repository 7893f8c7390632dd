// Verifies a connection's client chain against one CA bundle, remembering a success per
// connection until the earliest expiry on the path, so keep-alive requests pay for it once.
import type { X509Certificate } from 'node:crypto';
import { verifyClientChain, type VerifiedChain } from './cert-verify.ts';
import type { PeerChain } from './peer-certificates.ts';

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

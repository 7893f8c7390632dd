// The client certificate chain of a request's TLS connection, read once per connection. HTTP/1.1
// requests carry the TLS socket; HTTP/2 requests share their session's.
import { X509Certificate } from 'node:crypto';
import type { DetailedPeerCertificate, TLSSocket } from 'node:tls';
import { connectionOf, type Request } from '../serving/request-context.ts';

export interface PeerChain {
  /** The client's certificate first, then whatever else it sent (candidate intermediates). */
  certs: X509Certificate[];
  /** Subject attributes of the leaf by short name or dotted OID; repeated attributes are arrays. */
  subject: Record<string, string | string[]>;
}

const chains = new WeakMap<object, PeerChain | null>();

/** null when the connection is not TLS or the client sent no certificate. */
export function peerChain(req: Request): PeerChain | null {
  const key = connectionOf(req);
  const cached = chains.get(key);
  if (cached !== undefined) return cached;
  const socket = req.socket as TLSSocket;
  let chain: PeerChain | null = null;
  if (typeof socket.getPeerCertificate === 'function') {
    const leaf = socket.getPeerCertificate(true);
    if (leaf && leaf.raw) chain = { certs: collect(leaf), subject: (leaf.subject ?? {}) as unknown as Record<string, string | string[]> };
  }
  chains.set(key, chain);
  return chain;
}

function collect(leaf: DetailedPeerCertificate): X509Certificate[] {
  const out: X509Certificate[] = [];
  const seen = new Set<DetailedPeerCertificate>();
  for (let c: DetailedPeerCertificate | undefined = leaf; c && c.raw && !seen.has(c); c = c.issuerCertificate) {
    seen.add(c);
    out.push(new X509Certificate(c.raw));
  }
  return out;
}

/** The first value of a subject attribute, and all values. */
export function subjectValues(subject: Record<string, string | string[]>, key: string): string[] {
  const v = subject[key];
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

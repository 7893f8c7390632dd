// --requestheader-*: an authenticating proxy names the user in headers. The headers are believed
// only from a client whose certificate verifies against --requestheader-client-ca-file and whose
// CommonName is in --requestheader-allowed-names (empty: any). They are removed once read.
import type { X509Certificate } from 'node:crypto';
import { klog } from '../logs/klog.ts';
import type { Request } from '../serving/request-context.ts';
import { requestChainVerifier } from './chain-verifier.ts';
import { subjectValues } from './peer-certificates.ts';
import { AuthenticationError, type RequestAuthenticator } from './types.ts';

const log = klog('authentication/request-header');

export interface RequestHeaderOptions {
  roots: X509Certificate[];
  allowedNames: string[];
  usernameHeaders: string[];
  groupHeaders: string[];
  extraHeaderPrefixes: string[];
  /** Empty unless the RemoteRequestHeaderUID gate is on. */
  uidHeaders: string[];
}

/** Every value of every occurrence of each header, from the raw header list (node joins repeats). */
export function headerValues(req: Request, names: Set<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (!names.has(name)) continue;
    const list = out.get(name) ?? [];
    list.push(raw[i + 1]!);
    out.set(name, list);
  }
  return out;
}

/** Headers that start with one of the prefixes, keyed by the (lower-case) rest, values in order. */
export function prefixedHeaderValues(req: Request, prefixes: string[]): Array<{ name: string; rest: string; value: string }> {
  const out: Array<{ name: string; rest: string; value: string }> = [];
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const prefix = prefixes.find((p) => name.startsWith(p));
    if (prefix !== undefined) out.push({ name, rest: name.slice(prefix.length), value: raw[i + 1]! });
  }
  return out;
}

/** Extra keys travel lower-cased and percent-encoded (RFC 3986) in header names. */
export function unescapeExtraKey(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

function firstNonEmpty(req: Request, headers: string[]): string {
  for (const h of headers) {
    const v = req.headers[h];
    const values = Array.isArray(v) ? v : v === undefined ? [] : [v];
    const found = values.find((x) => x.length > 0);
    if (found !== undefined) return found;
  }
  return '';
}

export function requestHeaderAuthenticator(opts: RequestHeaderOptions): RequestAuthenticator {
  const verifiedChain = requestChainVerifier(opts.roots, 'proxy certificate');
  const allowed = new Set(opts.allowedNames);
  const lower = (l: string[]) => l.map((h) => h.toLowerCase());
  const usernameHeaders = lower(opts.usernameHeaders);
  const uidHeaders = lower(opts.uidHeaders);
  const groupHeaderList = lower(opts.groupHeaders);
  const groupHeaders = new Set(groupHeaderList);
  const prefixes = lower(opts.extraHeaderPrefixes);
  return {
    authenticate(req) {
      const chain = verifiedChain(req);
      if (!chain) return null;
      const cn = subjectValues(chain.subject, 'CN')[0] ?? '';
      if (allowed.size > 0 && !allowed.has(cn)) {
        log.info('request header proxy refused', { cn }, 4);
        throw new AuthenticationError(`x509: subject with cn=${cn} is not in the allowed list`);
      }
      const name = firstNonEmpty(req, usernameHeaders);
      if (name === '') return null;
      const uid = uidHeaders.length ? firstNonEmpty(req, uidHeaders) : '';
      const byHeader = headerValues(req, groupHeaders);
      const groups = groupHeaderList.flatMap((h) => (byHeader.get(h) ?? []).filter((g) => g.length > 0));
      const extra: Record<string, string[]> = {};
      const extraHeaders = prefixes.length ? prefixedHeaderValues(req, prefixes) : [];
      for (const { rest, value } of extraHeaders) (extra[unescapeExtraKey(rest)] ??= []).push(value);
      // Nothing further in may read the proxy's identity headers.
      for (const h of [...usernameHeaders, ...uidHeaders, ...groupHeaders]) delete req.headers[h];
      for (const { name: h } of extraHeaders) delete req.headers[h];
      return {
        user: {
          name,
          ...(uid ? { uid } : {}),
          groups,
          ...(Object.keys(extra).length ? { extra } : {}),
        },
      };
    },
  };
}

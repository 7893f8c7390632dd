// Service account issuer discovery: /.well-known/openid-configuration and /openid/v1/jwks, so a
// relying party can verify service account tokens with any OIDC library. Served only when the
// issuer is an https URL (as Kubernetes, which leaves discovery off otherwise). The key set holds
// every --service-account-key-file key, so tokens signed by a previous key still verify.
import { jose } from '../../machinery/lazy/jose.ts';
import type { KeyObject } from 'node:crypto';
import type { Handler } from '../../component-base/serving/request-context.ts';
import { writeStatus } from '../../component-base/serving/responses.ts';
import { methodNotAllowed } from '../../machinery/status.ts';
import { keyID } from '../authentication/service-account-keys.ts';
import { algorithmOf } from './signing-key.ts';

export const OPENID_CONFIGURATION_PATH = '/.well-known/openid-configuration';
export const JWKS_PATH = '/openid/v1/jwks';
export const DISCOVERY_PATHS = [OPENID_CONFIGURATION_PATH, JWKS_PATH] as const;

export interface DiscoveryOptions {
  issuer: string;
  /** --service-account-jwks-uri, or https://<external address>/openid/v1/jwks. */
  jwksUri: string;
  publicKeys: KeyObject[];
}

export interface DiscoveryDocuments {
  configuration: Record<string, unknown>;
  jwks: { keys: Record<string, unknown>[] };
}

export function isDiscoverableIssuer(issuer: string): boolean {
  return URL.canParse(issuer) && new URL(issuer).protocol === 'https:';
}

export async function discoveryDocuments(opts: DiscoveryOptions): Promise<DiscoveryDocuments> {
  const keys: Record<string, unknown>[] = [];
  const algs = new Set<string>();
  for (const key of opts.publicKeys) {
    const alg = algorithmOf(key);
    if (!alg) continue;
    algs.add(alg);
    keys.push({ use: 'sig', ...(await jose().exportJWK(key)), kid: keyID(key), alg });
  }
  return {
    configuration: {
      issuer: opts.issuer,
      jwks_uri: opts.jwksUri,
      response_types_supported: ['id_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: [...algs].sort(),
    },
    jwks: { keys },
  };
}

/** The two documents as exact non-resource paths of the server. */
export function issuerDiscoveryPaths(docs: DiscoveryDocuments): { path: string; handler: Handler }[] {
  return [
    { path: OPENID_CONFIGURATION_PATH, handler: serveDocument(JSON.stringify(docs.configuration), 'application/json') },
    { path: JWKS_PATH, handler: serveDocument(JSON.stringify(docs.jwks), 'application/jwk-set+json') },
  ];
}

function serveDocument(text: string, contentType: string): Handler {
  const body = Buffer.from(text);
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return writeStatus(req, res, methodNotAllowed(req.method ?? '', 'the requested resource'));
    res.statusCode = 200;
    res.setHeader('Content-Type', contentType);
    // Relying parties may cache the documents for an hour, as Kubernetes allows.
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.setHeader('Content-Length', body.length);
    if (req.method === 'HEAD') res.end();
    else res.end(body);
  };
}

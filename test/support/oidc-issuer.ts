// A local OIDC issuer for tests: HTTPS on 127.0.0.1, port 0, serving a discovery document and a
// key set, and signing ID tokens with a key it makes. Its serving certificate comes from a test CA
// (caPem) that the API server is told to trust.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

type SigningKey = Parameters<SignJWT['sign']>[0];
import { createTestCA, SERVER_AUTH } from './authn-pki.ts';

export interface TestIssuer {
  url: string;
  caPem: string;
  /** Signs claims (iss, iat and a 10-minute exp filled in unless given) with the issuer's key. */
  sign(claims: JWTPayload, opts?: { key?: SigningKey; kid?: string; alg?: string }): Promise<string>;
  /** A key the issuer does not publish, for wrongly signed tokens. */
  strangerKey: SigningKey;
  /** How many times the discovery document and the key set were fetched. */
  fetches: { discovery: number; keys: number };
  close(): Promise<void>;
}

export async function startTestIssuer(path = ''): Promise<TestIssuer> {
  const ca = await createTestCA('oidc-test-ca');
  const serving = await ca.issue('CN=127.0.0.1', { usages: [SERVER_AUTH], hosts: ['127.0.0.1', 'localhost'] });
  const [{ privateKey, publicKey }, stranger] = await Promise.all([
    generateKeyPair('RS256', { extractable: true }),
    generateKeyPair('RS256', { extractable: true }),
  ]);
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const fetches = { discovery: 0, keys: 0 };
  let url = '';
  const server: Server = createServer({ cert: serving.certPem, key: serving.keyPem }, (req, res) => {
    const send = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === `${path}/.well-known/openid-configuration`) {
      fetches.discovery++;
      send({ issuer: url, jwks_uri: `${url}/keys`, id_token_signing_alg_values_supported: ['RS256'] });
    } else if (req.url === `${path}/keys`) {
      fetches.keys++;
      send({ keys: [jwk] });
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return {
    url,
    caPem: ca.certPem,
    strangerKey: stranger.privateKey,
    fetches,
    async sign(claims, opts = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: url, iat: now, exp: now + 600, ...claims })
        .setProtectedHeader({ alg: opts.alg ?? 'RS256', kid: opts.kid ?? 'test-key', typ: 'JWT' })
        .sign(opts.key ?? privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

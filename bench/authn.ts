// Authentication benchmark: the cost of one authenticate() call per mode, in process, many calls
// each. "uncached" figures are the authenticator alone; "via chain" figures go through the built
// authenticator with kube-apiserver's 10 s cache of accepted tokens; "keep-alive" reuses one
// connection (the client chain is verified once per connection), "new connection" does not.
import { createPublicKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { stringify } from 'yaml';
import { configureLogging } from '../src/component-base/logs/klog.ts';
import { buildAuthenticator } from '../src/apiserver/authentication/build.ts';
import { jwtAuthenticator } from '../src/apiserver/authentication/jwt.ts';
import { serviceAccountTokenAuthenticator } from '../src/apiserver/authentication/service-account.ts';
import { parseVerificationKeys } from '../src/apiserver/authentication/service-account-keys.ts';
import { loadTokenFile } from '../src/apiserver/authentication/token-file.ts';
import { loadWebhookClientConfig } from '../src/component-base/authentication/orchconfig-client.ts';
import { webhookTokenReviewer } from '../src/apiserver/authentication/webhook-token.ts';
import type { RequestAuthenticator } from '../src/component-base/authentication/types.ts';
import type { Request } from '../src/component-base/serving/request-context.ts';
import { createTestCA, SERVER_AUTH } from '../test/support/authn-pki.ts';
import { startTestIssuer } from '../test/support/oidc-issuer.ts';
import { apiserverOptions } from '../src/options/apiserver-options.ts';

const BUDGET_MS = 300;

async function perCall(fn: () => unknown, minCalls = 200): Promise<number> {
  for (let i = 0; i < 20; i++) await fn(); // warm up caches and the JIT
  let calls = 0;
  const start = performance.now();
  while (calls < minCalls || performance.now() - start < BUDGET_MS) {
    await fn();
    calls++;
  }
  return Math.round(((performance.now() - start) * 1000) / calls * 10) / 10;
}

interface FakeSocket {
  getPeerCertificate(detailed: boolean): unknown;
}

function socketFor(certPem?: string): FakeSocket {
  const cert = certPem ? new X509Certificate(certPem) : undefined;
  const detailed = cert
    ? {
        raw: cert.raw,
        subject: Object.fromEntries(
          cert.subject.split('\n').reduce((m, line) => {
            const [k, v] = [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)];
            m.set(k, m.has(k) ? [...[m.get(k)!].flat(), v] : v);
            return m;
          }, new Map<string, string | string[]>()),
        ),
      }
    : {};
  return { getPeerCertificate: () => detailed };
}

function fakeRequest(socket: FakeSocket, headers: Record<string, string> = {}, url = '/api/v1/pods'): Request {
  const raw = Object.entries(headers).flat();
  return { headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])), rawHeaders: raw, url, socket } as unknown as Request;
}

async function expectUser(auth: RequestAuthenticator, req: Request, what: string): Promise<void> {
  const result = await auth.authenticate(req);
  if (!result) throw new Error(`${what}: no user`);
}

export async function benchAuthn(): Promise<Record<string, number | string>> {
  configureLogging({ sink: { write: () => {} } });
  const dir = mkdtempSync(join(tmpdir(), 'orch-bench-authn-'));
  const issuer = await startTestIssuer();
  const webhookCA = await createTestCA('bench-webhook-ca');
  const webhookServing = await webhookCA.issue('CN=127.0.0.1', { usages: [SERVER_AUTH], hosts: ['127.0.0.1'] });
  const webhook = createServer({ cert: webhookServing.certPem, key: webhookServing.keyPem }, (req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const review = JSON.parse(body);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ apiVersion: review.apiVersion, kind: 'TokenReview', status: { authenticated: true, user: { username: 'w', groups: ['g'] } } }));
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  const out: Record<string, number | string> = {};
  try {
    const file = (name: string, text: string) => {
      const p = join(dir, name);
      writeFileSync(p, text);
      return p;
    };
    const thousand = Array.from({ length: 1000 }, (_, i) => `token-${i},user-${i},uid-${i},"g1,g2"`).join('\n');
    const tokenFile = file('tokens.csv', thousand);
    const noCert = socketFor();

    const anonymous = buildAuthenticator(apiserverOptions({ 'anonymous-auth': true }).authentication).authenticator;
    out['anonymous (us/call)'] = await perCall(() => expectUser(anonymous, fakeRequest(noCert), 'anonymous'));

    const oneToken = loadTokenFile(file('one.csv', 'token-0,user-0,uid-0,g1\n'));
    out['token file, 1 entry, uncached (us/call)'] = await perCall(() => oneToken.authenticateToken('token-0'));
    const manyTokens = loadTokenFile(tokenFile);
    out['token file, 1,000 entries, uncached (us/call)'] = await perCall(() => manyTokens.authenticateToken('token-999'));
    const viaChain = buildAuthenticator(apiserverOptions({ 'token-auth-file': tokenFile, 'anonymous-auth': true }).authentication).authenticator;
    out['token file, 1,000 entries, via chain (us/call)'] = await perCall(() => expectUser(viaChain, fakeRequest(noCert, { Authorization: 'Bearer token-999' }), 'token'));

    const clientCA = await createTestCA('bench-client-ca');
    const clientCert = await clientCA.issue('CN=bench, O=g1, O=g2');
    const x509 = buildAuthenticator(apiserverOptions({ 'client-ca-file': file('client-ca.crt', clientCA.certPem), 'anonymous-auth': false }).authentication).authenticator;
    const keptSocket = socketFor(clientCert.certPem);
    out['client certificate, keep-alive (us/call)'] = await perCall(() => expectUser(x509, fakeRequest(keptSocket), 'x509'));
    out['client certificate, new connection (us/call)'] = await perCall(() => expectUser(x509, fakeRequest(socketFor(clientCert.certPem)), 'x509'));

    const proxyCA = await createTestCA('bench-proxy-ca');
    const proxyCert = await proxyCA.issue('CN=front-proxy');
    const proxy = buildAuthenticator(apiserverOptions({
      'requestheader-client-ca-file': file('proxy-ca.crt', proxyCA.certPem),
      'requestheader-allowed-names': ['front-proxy'],
      'requestheader-username-headers': ['X-Remote-User'],
      'requestheader-group-headers': ['X-Remote-Group'],
      'requestheader-extra-headers-prefix': ['X-Remote-Extra-'],
      'anonymous-auth': false,
    }).authentication).authenticator;
    const proxySocket = socketFor(proxyCert.certPem);
    out['request header proxy, keep-alive (us/call)'] = await perCall(() =>
      expectUser(proxy, fakeRequest(proxySocket, { 'X-Remote-User': 'u', 'X-Remote-Group': 'g', 'X-Remote-Extra-Scopes': 's' }), 'proxy'),
    );

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }) as string;
    const now = Math.floor(Date.now() / 1000);
    const saToken = await new SignJWT({
      iss: 'https://orch.test',
      aud: ['https://orch.test'],
      sub: 'system:serviceaccount:ns:sa',
      iat: now,
      exp: now + 3600,
      'orch.io': { namespace: 'ns', serviceaccount: { name: 'sa', uid: 'u' } },
    })
      .setProtectedHeader({ alg: 'RS256' })
      .sign(privateKey);
    const sa = serviceAccountTokenAuthenticator({ keys: parseVerificationKeys(publicPem, 'bench'), issuers: ['https://orch.test'], audiences: ['https://orch.test'], legacy: false });
    out['service account token (RS256), uncached (us/call)'] = await perCall(() => sa.authenticateToken(saToken));
    const saChain = buildAuthenticator(apiserverOptions({ 'service-account-key-file': [file('sa.pub', publicPem)], 'service-account-issuer': ['https://orch.test'], 'anonymous-auth': false }).authentication).authenticator;
    out['service account token, via chain (us/call)'] = await perCall(() => expectUser(saChain, fakeRequest(noCert, { Authorization: `Bearer ${saToken}` }), 'sa'));

    const oidc = jwtAuthenticator({
      issuer: { url: issuer.url, audiences: ['orch'], certificateAuthority: issuer.caPem },
      claimValidationRules: [],
      claimMappings: { username: { claim: 'sub', prefix: '' }, groups: { claim: 'groups', prefix: '' } },
      signingAlgs: ['RS256'],
    });
    await oidc.warmUp();
    const idToken = await issuer.sign({ sub: 'alice', aud: 'orch', groups: ['a', 'b'] });
    out['OIDC token (RS256), uncached (us/call)'] = await perCall(() => oidc.authenticateToken(idToken));

    const webhookConfig = file(
      'webhook.yaml',
      stringify({
        clusters: [{ name: 'w', cluster: { server: `https://127.0.0.1:${(webhook.address() as AddressInfo).port}/`, 'certificate-authority-data': Buffer.from(webhookCA.certPem).toString('base64') } }],
        users: [{ name: 'w', user: { token: 'x' } }],
      }),
    );
    const reviewer = webhookTokenReviewer({ client: loadWebhookClientConfig(webhookConfig, 'bench'), version: 'v1', cacheTTLms: 0, audiences: [] });
    out['token webhook, uncached round trip (us/call)'] = await perCall(() => reviewer.authenticateToken('t'), 100);
    const webhookChain = buildAuthenticator(apiserverOptions({ 'authentication-token-webhook-config-file': webhookConfig, 'anonymous-auth': false }).authentication).authenticator;
    out['token webhook, cached, via chain (us/call)'] = await perCall(() => expectUser(webhookChain, fakeRequest(noCert, { Authorization: 'Bearer t' }), 'webhook'));
  } finally {
    webhook.closeAllConnections();
    webhook.close();
    await issuer.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchAuthn());
}

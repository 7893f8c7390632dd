// TLS serving seen on the wire: generated and given certificates, SNI selection, minimum
// version and cipher suites, HTTP/2 and HTTP/1.1 by ALPN, and start-up errors.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { connect as tlsConnect, type ConnectionOptions, type TLSSocket } from 'node:tls';
import { connect as h2Connect } from 'node:http2';
import { readFileSync, writeFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { apiserverStarter, startTestApiserver, makeTempDir, apiRequest } from '../support/apiserver.ts';
import { generateSelfSignedCertKey } from '../../src/component-base/certs/self-signed.ts';

const start = apiserverStarter();

/** Handshakes and reports what was agreed, or the error. */
function handshake(port: number, opts: ConnectionOptions): Promise<{ socket?: TLSSocket; error?: Error }> {
  return new Promise((resolve) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, rejectUnauthorized: false, ...opts });
    socket.once('secureConnect', () => {
      resolve({ socket });
      socket.end();
    });
    socket.once('error', (error) => resolve({ error }));
  });
}

function peerCN(socket: TLSSocket): string {
  return String(socket.getPeerCertificate().subject.CN).replace(/@\d+$/, '');
}

const dir = makeTempDir();
const files: Record<string, { cert: string; key: string }> = {};
before(async () => {
  for (const [name, host, alts] of [
    ['a', 'a.example.com', ['w.example.com']],
    ['b', 'wild', ['*.example.com']],
    ['c', 'other.test', []],
  ] as const) {
    const pair = await generateSelfSignedCertKey(host, [...alts]);
    files[name] = { cert: join(dir, `${name}.crt`), key: join(dir, `${name}.key`) };
    writeFileSync(files[name].cert, pair.cert);
    writeFileSync(files[name].key, pair.key);
  }
});

test('a generated serving pair names the CA orch-ca@<time>, covers local names, and is reused', async () => {
  const certDir = makeTempDir();
  const first = await startTestApiserver({ 'cert-dir': certDir, 'advertise-address': '10.1.2.3' });
  const pem = readFileSync(join(certDir, 'apiserver.crt'), 'utf8');
  await first.stop();
  const [serving, ca] = pem.split(/(?<=-----END CERTIFICATE-----\n)/).map((p) => new X509Certificate(p));
  assert.match(ca!.subject, /^CN=orch-ca@\d+$/);
  assert.equal(serving!.checkIssued(ca!), true);
  for (const name of ['IP Address:10.1.2.3', 'DNS:localhost', 'IP Address:127.0.0.1', 'IP Address:0:0:0:0:0:0:0:1', `DNS:${hostname()}`]) {
    assert.ok(serving!.subjectAltName!.includes(name), `${name} in ${serving!.subjectAltName}`);
  }
  const second = await start({ 'cert-dir': certDir });
  assert.equal(readFileSync(join(certDir, 'apiserver.crt'), 'utf8'), pem, 'the pair is reused');
  assert.equal((await apiRequest(second, '/healthz')).status, 200, 'and trusted through the CA in the file');
});

test('SNI: explicit patterns beat extracted names, exact names beat wildcards, else the default', async () => {
  const s = await start({
    'tls-sni-cert-key': [`${files.a!.cert},${files.a!.key}`, `${files.b!.cert},${files.b!.key}`, `${files.c!.cert},${files.c!.key}:a.example.com`],
  });
  const cases: Array<[string | undefined, string]> = [
    ['a.example.com', 'other.test'],
    ['w.example.com', 'a.example.com'],
    ['z.example.com', 'wild'],
    ['other.test', '127.0.0.1'],
    [undefined, '127.0.0.1'],
  ];
  for (const [servername, want] of cases) {
    const { socket, error } = await handshake(s.port, servername ? { servername } : {});
    assert.ifError(error);
    assert.equal(peerCN(socket!), want, `server name ${servername}`);
  }
});

test('--tls-min-version is enforced in the handshake', async () => {
  const s = await start({ 'tls-min-version': 'VersionTLS13' });
  assert.ok((await handshake(s.port, { maxVersion: 'TLSv1.2' })).error, 'TLS 1.2 refused');
  const ok = await handshake(s.port, { minVersion: 'TLSv1.3' });
  assert.equal(ok.socket?.getProtocol(), 'TLSv1.3');
  const dflt = await start();
  assert.ok((await handshake(dflt.port, { maxVersion: 'TLSv1.1', minVersion: 'TLSv1', ciphers: 'DEFAULT:@SECLEVEL=0' })).error, 'TLS 1.1 refused by default');
  await assert.rejects(startTestApiserver({ 'tls-min-version': 'VersionTLS99' }), /unknown tls version "VersionTLS99"/);
});

test('--tls-cipher-suites limits TLS 1.2 suites on the wire', async () => {
  const s = await start({ 'tls-cipher-suites': ['TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256', 'TLS_AES_256_GCM_SHA384'] });
  const refused = await handshake(s.port, { maxVersion: 'TLSv1.2', ciphers: 'ECDHE-RSA-AES256-GCM-SHA384' });
  assert.ok(refused.error, 'a suite outside the list is refused');
  const agreed = await handshake(s.port, { maxVersion: 'TLSv1.2' });
  assert.equal(agreed.socket?.getCipher().name, 'ECDHE-RSA-AES128-GCM-SHA256');
  const tls13 = await handshake(s.port, { minVersion: 'TLSv1.3' });
  assert.equal(tls13.socket?.getCipher().name, 'TLS_AES_256_GCM_SHA384');
  await assert.rejects(startTestApiserver({ 'tls-cipher-suites': ['TLS_MADE_UP'] }), /cipher suite TLS_MADE_UP not supported/);
});

test('HTTP/2 and HTTP/1.1 are chosen by ALPN; --disable-http2-serving leaves only HTTP/1.1', async () => {
  const s = await start({ 'http2-max-streams-per-connection': 7 });
  const h2 = await handshake(s.port, { ALPNProtocols: ['h2', 'http/1.1'] });
  assert.equal(h2.socket?.alpnProtocol, 'h2');
  const h1 = await handshake(s.port, { ALPNProtocols: ['http/1.1'] });
  assert.equal(h1.socket?.alpnProtocol, 'http/1.1');
  const session = h2Connect(s.url, { ca: readFileSync(s.caFile) });
  const body = await new Promise<string>((resolve, reject) => {
    const req = session.request({ ':path': '/healthz' });
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (text += c));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
  assert.equal(body, 'ok');
  assert.equal(session.remoteSettings.maxConcurrentStreams, 7);
  session.close();

  const h1only = await start({ 'disable-http2-serving': true });
  const negotiated = await handshake(h1only.port, { ALPNProtocols: ['h2', 'http/1.1'] });
  assert.equal(negotiated.socket?.alpnProtocol, 'http/1.1');
  assert.equal((await apiRequest(h1only, '/healthz')).status, 200);
});

test('start-up errors are one clear line: port taken, unreadable or mismatched files', async () => {
  const s = await start();
  await assert.rejects(startTestApiserver({ 'secure-port': s.port }), new RegExp(`^Error: failed to listen on 127.0.0.1:${s.port}: address already in use$`));
  await assert.rejects(startTestApiserver({ 'tls-cert-file': '/nonexistent.crt', 'tls-private-key-file': files.a!.key }), /unable to read certificate file \/nonexistent.crt: ENOENT/);
  await assert.rejects(startTestApiserver({ 'tls-cert-file': files.a!.cert, 'tls-private-key-file': files.b!.key }), /invalid serving certificate .*: .*key values mismatch/);
  await assert.rejects(startTestApiserver({ 'tls-cert-file': files.a!.cert }), /must be given together/);
  await assert.rejects(startTestApiserver({ 'tls-sni-cert-key': [`${files.a!.cert}`] }), /want <cert_file>,<key_file>/);
});

test('an unspecified bind address serves both address families', async () => {
  const s = await start({ 'bind-address': '0.0.0.0' });
  assert.ifError((await handshake(s.port, { host: '127.0.0.1' })).error);
  const v6 = await handshake(s.port, { host: '::1' });
  if (v6.error && /EADDRNOTAVAIL|EAFNOSUPPORT|ENETUNREACH/.test(v6.error.message)) return; // host without IPv6
  assert.ifError(v6.error);
});

test('a given certificate is served as is', async () => {
  const s = await start({ 'tls-cert-file': files.a!.cert, 'tls-private-key-file': files.a!.key });
  const { socket } = await handshake(s.port, {});
  assert.equal(peerCN(socket!), 'a.example.com');
});

// Starts a real etcd (Debian's etcd-server package) on free loopback ports for tests: one member
// or a small cluster, optionally serving mutual TLS with a freshly generated CA. Everything lives
// in one temp dir that stop() removes.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webcrypto } from 'node:crypto';
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { freePort } from './free-port.ts';

export const ETCD_BINARY = '/usr/bin/etcd';

/** Why etcd tests cannot run here, or undefined when they can. */
export function etcdSkipReason(): string | undefined {
  return existsSync(ETCD_BINARY) ? undefined : 'etcd not installed (apt-get install etcd-server)';
}

export interface EtcdTlsFiles {
  caFile: string;
  certFile: string;
  keyFile: string;
}

export interface EtcdOptions {
  members?: number;
  /** Serve clients over mutual TLS; client credentials are returned in `tls`. */
  tls?: boolean;
  /** Period of etcd's own watch progress notifications (default 1s, etcd's default is 10m). */
  progressNotifyInterval?: string;
}

export interface EtcdCluster {
  endpoints: string[];
  /** Client certificate, key and CA, when started with tls: true. */
  tls?: EtcdTlsFiles;
  dataDir: string;
  stopMember(i: number): Promise<void>;
  startMember(i: number): Promise<void>;
  stop(): Promise<void>;
}

interface Member {
  name: string;
  clientPort: number;
  peerPort: number;
  metricsPort: number;
  dataDir: string;
  process?: ChildProcess;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function killAllOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

export async function startEtcd(opts: EtcdOptions = {}): Promise<EtcdCluster> {
  const reason = etcdSkipReason();
  if (reason) throw new Error(reason);
  killAllOnExit();
  const count = opts.members ?? 1;
  // Shared memory keeps etcd's fsyncs cheap, so tests stay fast.
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dataDir = mkdtempSync(join(base, 'orch-etcd-'));
  const scheme = opts.tls ? 'https' : 'http';
  const tls = opts.tls ? await writeTlsFiles(dataDir) : undefined;

  // Ports are picked while free and bound by etcd a moment later; another process may take one in
  // between, so a start that finds a port taken is tried again on fresh ports.
  for (let attempt = 1; ; attempt++) {
    const members: Member[] = [];
    for (let i = 0; i < count; i++) {
      members.push({ name: `m${i}`, clientPort: await freePort(), peerPort: await freePort(), metricsPort: await freePort(), dataDir: join(dataDir, `m${i}`) });
    }
    try {
      return await launchCluster(members, { dataDir, scheme, tls, progressNotifyInterval: opts.progressNotifyInterval });
    } catch (err) {
      for (const m of members) rmSync(m.dataDir, { recursive: true, force: true });
      if (attempt < 3 && String(err).includes('address already in use')) continue;
      rmSync(dataDir, { recursive: true, force: true });
      throw err;
    }
  }
}

interface LaunchOptions {
  dataDir: string;
  scheme: string;
  tls: TlsPaths | undefined;
  progressNotifyInterval?: string;
}

/** Starts `members` as one new cluster; on failure every member started is stopped again. */
async function launchCluster(members: Member[], { dataDir, scheme, tls, progressNotifyInterval }: LaunchOptions): Promise<EtcdCluster> {
  const clusterToken = `orch-test-${members[0]?.clientPort}`;
  const initialCluster = members.map((m) => `${m.name}=http://127.0.0.1:${m.peerPort}`).join(',');

  const argsFor = (m: Member): string[] => {
    const args = [
      `--name=${m.name}`,
      `--data-dir=${m.dataDir}`,
      `--listen-client-urls=${scheme}://127.0.0.1:${m.clientPort}`,
      `--advertise-client-urls=${scheme}://127.0.0.1:${m.clientPort}`,
      `--listen-peer-urls=http://127.0.0.1:${m.peerPort}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${m.peerPort}`,
      `--listen-metrics-urls=http://127.0.0.1:${m.metricsPort}`,
      `--initial-cluster=${initialCluster}`,
      '--initial-cluster-state=new',
      `--initial-cluster-token=${clusterToken}`,
      `--experimental-watch-progress-notify-interval=${progressNotifyInterval ?? '1s'}`,
      '--heartbeat-interval=50',
      '--election-timeout=500',
      '--logger=zap',
      '--log-level=warn',
    ];
    if (tls) {
      args.push(`--cert-file=${tls.serverCertFile}`, `--key-file=${tls.serverKeyFile}`, `--trusted-ca-file=${tls.caFile}`, '--client-cert-auth');
    }
    return args;
  };

  const startMember = async (i: number): Promise<void> => {
    const m = members[i];
    if (!m) throw new Error(`no etcd member ${i}`);
    if (m.process) return;
    const logFile = join(dataDir, `${m.name}.log`);
    const fd = openSync(logFile, 'a');
    const child = spawn(ETCD_BINARY, argsFor(m), { stdio: ['ignore', fd, fd] });
    closeSync(fd);
    m.process = child;
    running.add(child);
    child.on('exit', () => {
      running.delete(child);
      if (m.process === child) m.process = undefined;
    });
    await waitHealthy(m, logFile, child);
  };

  const stopMember = async (i: number): Promise<void> => {
    const m = members[i];
    const child = m?.process;
    if (!m || !child) return;
    m.process = undefined;
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  };

  // Members of a new cluster wait for each other, so start them together.
  try {
    await Promise.all(members.map((_, i) => startMember(i)));
  } catch (err) {
    await Promise.all(members.map((_, i) => stopMember(i)));
    throw err;
  }

  return {
    endpoints: members.map((m) => `${scheme}://127.0.0.1:${m.clientPort}`),
    tls: tls ? { caFile: tls.caFile, certFile: tls.clientCertFile, keyFile: tls.clientKeyFile } : undefined,
    dataDir,
    stopMember,
    startMember,
    async stop() {
      await Promise.all(members.map((_, i) => stopMember(i)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitHealthy(m: Member, logFile: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`etcd ${m.name} exited during start-up:\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${m.metricsPort}/health`, { signal: AbortSignal.timeout(1000) });
      const body = (await res.json()) as { health?: string };
      if (body.health === 'true') return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`etcd ${m.name} not healthy after 20s:\n${tail(logFile)}`);
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '(no log)';
  }
}

interface TlsPaths {
  caFile: string;
  serverCertFile: string;
  serverKeyFile: string;
  clientCertFile: string;
  clientKeyFile: string;
}

const ecdsa = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };

async function keyPair(): Promise<webcrypto.CryptoKeyPair> {
  return webcrypto.subtle.generateKey(ecdsa, true, ['sign', 'verify']) as Promise<webcrypto.CryptoKeyPair>;
}

async function privateKeyPem(key: webcrypto.CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
  const body = der.toString('base64').match(/.{1,64}/g)?.join('\n') ?? '';
  return `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----\n`;
}

/** A CA, a server certificate for 127.0.0.1/localhost and a client certificate, as PEM files. */
async function writeTlsFiles(dir: string): Promise<TlsPaths> {
  x509.cryptoProvider.set(webcrypto as never);
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(Date.now() + 24 * 3600_000);
  const caKeys = await keyPair();
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    name: 'CN=orch-test-ca',
    keys: caKeys,
    notBefore,
    notAfter,
    signingAlgorithm: ecdsa,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  const leaf = async (cn: string, usage: string, san: boolean) => {
    const keys = await keyPair();
    const extensions: x509.Extension[] = [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
      new x509.ExtendedKeyUsageExtension([usage]),
    ];
    if (san) {
      extensions.push(new x509.SubjectAlternativeNameExtension([
        { type: 'ip', value: '127.0.0.1' },
        { type: 'dns', value: 'localhost' },
      ]));
    }
    const cert = await x509.X509CertificateGenerator.create({
      subject: `CN=${cn}`,
      issuer: ca.subject,
      notBefore,
      notAfter,
      signingAlgorithm: ecdsa,
      publicKey: keys.publicKey,
      signingKey: caKeys.privateKey,
      extensions,
    });
    return { cert: cert.toString('pem') + '\n', key: await privateKeyPem(keys.privateKey) };
  };
  const server = await leaf('orch-test-etcd', x509.ExtendedKeyUsage.serverAuth, true);
  const client = await leaf('orch-apiserver', x509.ExtendedKeyUsage.clientAuth, false);
  const paths: TlsPaths = {
    caFile: join(dir, 'ca.crt'),
    serverCertFile: join(dir, 'server.crt'),
    serverKeyFile: join(dir, 'server.key'),
    clientCertFile: join(dir, 'client.crt'),
    clientKeyFile: join(dir, 'client.key'),
  };
  writeFileSync(paths.caFile, ca.toString('pem') + '\n');
  writeFileSync(paths.serverCertFile, server.cert);
  writeFileSync(paths.serverKeyFile, server.key, { mode: 0o600 });
  writeFileSync(paths.clientCertFile, client.cert);
  writeFileSync(paths.clientKeyFile, client.key, { mode: 0o600 });
  return paths;
}

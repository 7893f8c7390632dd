// Two real controller managers against the real orch-apiserver daemon: one leads; kill -9 the
// leader and the other takes over within lease duration plus two jittered retry periods; a clean SIGTERM
// releases the lease and a waiting candidate takes over at once. Runs once the daemon serves
// coordination.orch.io/v1 leases; until then it is skipped, saying so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { makeTempDir, sharedCertDirectory } from '../support/apiserver.ts';
import { freePort, spawnControllerManager, writeOrchconfig, type SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { connectionFor } from '../support/events-apiserver.ts';
import { RestClient } from '../../src/client/rest/client.ts';
import { servesResource } from '../../src/client/rest/discovery.ts';
import { LEASES, RestLeaseClient, type Lease } from '../../src/client/leaderelection/lease.ts';

const APISERVER = new URL('../../bin/orch-apiserver', import.meta.url).pathname;
const LEASE_MS = 4_000;
const RETRY_MS = 500;
/** Acquisition retries wait up to retry × (1 + 1.2); process start and polling add a little. */
const SLACK_MS = RETRY_MS * 2.2 + 1_000;
/**
 * After kill -9 the candidate counts the lease from its own last sight of a renewal, which can
 * come one jittered retry after the kill, and takes it at the first retry after expiry: two
 * jittered retries beyond the lease duration at worst.
 */
const TAKEOVER_LIMIT_MS = LEASE_MS + 2 * RETRY_MS * 2.2 + 1_000;

async function startApiserver(t: { after(fn: () => unknown): void }) {
  const dir = makeTempDir('orch-cm-le-');
  const certDir = await sharedCertDirectory();
  const token = randomBytes(16).toString('hex');
  const tokenFile = join(dir, 'tokens.csv');
  writeFileSync(tokenFile, `${token},admin,admin-uid,"system:masters"\n`);
  const port = await freePort();
  const child = spawn(APISERVER, ['--data-dir', join(dir, 'data'), '--cert-dir', certDir, '--bind-address', '127.0.0.1', '--secure-port', String(port), '--token-auth-file', tokenFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  t.after(async () => {
    child.kill('SIGTERM');
    await exited;
  });
  const server = { url: `https://127.0.0.1:${port}`, caFile: join(certDir, 'apiserver.crt'), token };
  const rest = new RestClient(connectionFor(server), { qps: 0, burst: 0, contentType: 'application/json' });
  t.after(() => rest.close());
  for (const end = Date.now() + 20_000; ; ) {
    try {
      await rest.request({ path: '/readyz' });
      break;
    } catch (err) {
      if (Date.now() > end || child.exitCode !== null) throw new Error(`orch-apiserver did not become ready: ${(err as Error).message}\n${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { server, rest, dir };
}

test('leadership moves on kill -9 within lease duration plus two jittered retries, and at once on SIGTERM', async (t) => {
  const { server, rest, dir } = await startApiserver(t);
  if (!(await servesResource(rest, LEASES))) {
    t.skip('coordination.orch.io/v1 leases not served yet');
    return;
  }
  const orchconfig = writeOrchconfig(dir, server);
  const leases = new RestLeaseClient(rest);
  const children: SpawnedControllerManager[] = [];
  t.after(() => children.forEach((c) => c.kill('SIGKILL')));
  const startCandidate = async () => {
    const c = spawnControllerManager([
      `--orchconfig=${orchconfig}`, '--secure-port=0', `--leader-elect-lease-duration=${LEASE_MS}ms`,
      '--leader-elect-renew-deadline=3s', `--leader-elect-retry-period=${RETRY_MS}ms`, '--controllers=namespace-controller',
    ]);
    children.push(c);
    const [, identity] = await c.waitForLog(/Leader election identity" identity="([^"]+)"/);
    return { c, identity: identity! };
  };
  const holder = async (): Promise<Lease | undefined> => leases.get('orch-system', 'orch-controller-manager');
  const waitForHolder = async (identity: string, limitMs: number): Promise<{ ms: number; lease: Lease }> => {
    const start = Date.now();
    for (;;) {
      const lease = await holder();
      if (lease?.spec.holderIdentity === identity) return { ms: Date.now() - start, lease };
      if (Date.now() - start > limitMs) throw new Error(`${identity} did not take the lease within ${limitMs} ms: ${JSON.stringify(lease?.spec)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const a = await startCandidate();
  const first = await waitForHolder(a.identity, 10_000);
  assert.equal(first.lease.spec.leaseDurationSeconds, 4);
  assert.equal(first.lease.spec.leaseTransitions, 0);
  await a.c.waitForLog(/Started leading/);
  const b = await startCandidate();
  await b.c.waitForLog(/Another instance leads" leader="/);
  assert.doesNotMatch(b.c.stderr(), /Started leading/);

  // kill -9: no release; b must wait for the lease to expire in its own observation.
  a.c.kill('SIGKILL');
  const takeover = await waitForHolder(b.identity, TAKEOVER_LIMIT_MS + 2_000);
  t.diagnostic(`takeover after kill -9: ${takeover.ms} ms (lease ${LEASE_MS} ms, retry ${RETRY_MS} ms)`);
  assert.ok(takeover.ms <= TAKEOVER_LIMIT_MS, `took ${takeover.ms} ms`);
  assert.ok(takeover.ms >= LEASE_MS - RETRY_MS * 2.2 - 500, `not before the lease could have expired: ${takeover.ms} ms`);
  assert.equal(takeover.lease.spec.leaseTransitions, 1);
  await b.c.waitForLog(/Started leading/);

  // SIGTERM: b stops its controllers, releases the lease, exits 0; c takes over without waiting for expiry.
  const c = await startCandidate();
  await c.c.waitForLog(/Another instance leads/);
  b.c.kill('SIGTERM');
  assert.equal(await b.c.exited, 0, b.c.stderr());
  assert.match(b.c.stderr(), /Released the lease/);
  const handover = await waitForHolder(c.identity, LEASE_MS);
  t.diagnostic(`handover after SIGTERM: ${handover.ms} ms`);
  assert.ok(handover.ms <= SLACK_MS, `took ${handover.ms} ms, not at once`);
  assert.equal(handover.lease.spec.leaseTransitions, 2);
  c.c.kill('SIGTERM');
  assert.equal(await c.c.exited, 0);
});

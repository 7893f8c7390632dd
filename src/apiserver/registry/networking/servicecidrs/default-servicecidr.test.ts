// The default ServiceCIDR controller over a real SQLite store and the real servicecidrs resource:
// created and marked Ready once, found again by a second server, made dual-stack when the flag
// adds the other family, and left alone (not Ready) when its ranges differ from the flag.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceCIDR } from '../../../../api/networking/v1/types.ts';
import { codecFor } from '../../../../storage/codecs/index.ts';
import type { Kv } from '../../../../storage/kv/interface.ts';
import { openSqliteKv } from '../../../../storage/kv/sqlite/index.ts';
import { createStore } from '../../../../storage/store.ts';
import { subresourceOf } from '../../../endpoints/subresources.ts';
import type { InstalledResource } from '../../generic/context.ts';
import { deleteObject } from '../../generic/delete.ts';
import { getObject } from '../../generic/get.ts';
import { serviceCIDRsDeclaration } from './declaration.ts';
import { defaultServiceCIDRController } from './default-servicecidr.ts';

let dir: string;
let kv: Kv;
let main: InstalledResource<ServiceCIDR, ServiceCIDR>;
let status: InstalledResource<ServiceCIDR, ServiceCIDR>;
const aborts: AbortController[] = [];

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'orch-servicecidr-'));
  kv = await openSqliteKv(join(dir, 'orch.db'));
  const decl = serviceCIDRsDeclaration();
  main = { declaration: decl, store: createStore<ServiceCIDR>({ kv, codec: codecFor('application/json'), groupResource: decl.storageResource }) };
  status = subresourceOf(main, 'status')!;
});

after(async () => {
  for (const a of aborts) a.abort();
  await kv.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(cidrs: string[]): Promise<ServiceCIDR> {
  const abort = new AbortController();
  aborts.push(abort);
  const controller = defaultServiceCIDRController({ cidrs, serviceCIDRs: () => main, status: () => status, intervalMs: 60_000 });
  await controller.run({ signal: abort.signal });
  await controller.ready;
  return getObject(main, 'orch', '');
}

test('the default ServiceCIDR is created with the flag\'s range and marked Ready once', async () => {
  const sc = await run(['10.96.0.0/16']);
  assert.deepEqual(sc.spec, { cidrs: ['10.96.0.0/16'] });
  assert.equal(sc.status?.conditions?.length, 1);
  const [ready] = sc.status!.conditions!;
  assert.deepEqual([ready!.type, ready!.status, ready!.reason, ready!.message], ['Ready', 'True', '', 'orch default Service CIDR is ready']);
  const again = await run(['10.96.0.0/16']);
  assert.equal(again.metadata.resourceVersion, sc.metadata.resourceVersion, 'a second server finds it and writes nothing');
});

test('a second family on the flag makes it dual-stack; other ranges leave it as it is', async () => {
  const dual = await run(['10.96.0.0/16', 'fd00:10:96::/112']);
  assert.deepEqual(dual.spec?.cidrs, ['10.96.0.0/16', 'fd00:10:96::/112']);
  const other = await run(['10.200.0.0/16']);
  assert.deepEqual(other.spec?.cidrs, ['10.96.0.0/16', 'fd00:10:96::/112']);
  assert.equal(other.metadata.resourceVersion, dual.metadata.resourceVersion);
});

test('a deleted default ServiceCIDR is made again, Ready', async () => {
  await deleteObject(main, 'orch', '', { dryRun: false });
  const sc = await run(['10.96.0.0/16']);
  assert.deepEqual(sc.spec?.cidrs, ['10.96.0.0/16']);
  assert.equal(sc.status?.conditions?.[0]?.status, 'True');
});

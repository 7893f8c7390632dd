import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enabledAdmissionPlugins, UnknownAdmissionPluginError } from './enabled-plugins.ts';
import { loadAdmissionConfigFile, AdmissionConfigError } from './config-file.ts';
import { createAdmissionChain } from './chain.ts';
import { buildAdmission } from './build.ts';
import type { AdmissionAttributes, AdmissionPlugin } from './types.ts';
import type { NamespaceAccess } from './namespace-access.ts';
import { apiserverOptions } from '../../options/apiserver-options.ts';

const none = { enable: [], disable: [], admissionControl: [] };

test('the default set is the spec table, in the fixed chain order', () => {
  const on = enabledAdmissionPlugins(none);
  assert.equal(on[0], 'NamespaceLifecycle');
  assert.ok(on.includes('ValidatingAdmissionWebhook'));
  assert.equal(on.at(-1), 'ResourceQuota');
  assert.ok(!on.includes('AlwaysDeny') && !on.includes('NamespaceExists'));
});

test('enable adds, disable removes, and the order given does not matter', () => {
  const a = enabledAdmissionPlugins({ ...none, enable: ['AlwaysDeny', 'NamespaceExists'], disable: ['NamespaceLifecycle'] });
  const b = enabledAdmissionPlugins({ ...none, enable: ['NamespaceExists', 'AlwaysDeny'], disable: ['NamespaceLifecycle'] });
  assert.deepEqual(a, b);
  assert.ok(!a.includes('NamespaceLifecycle'));
  assert.equal(a.at(-1), 'AlwaysDeny');
  assert.ok(a.indexOf('NamespaceExists') < a.indexOf('LimitRanger'));
});

test('--admission-control replaces the set; unknown names are refused', () => {
  assert.deepEqual(enabledAdmissionPlugins({ ...none, admissionControl: ['AlwaysDeny', 'NamespaceLifecycle'] }), ['NamespaceLifecycle', 'AlwaysDeny']);
  assert.throws(() => enabledAdmissionPlugins({ ...none, enable: ['NoSuchPlugin'] }), (err: Error) => err instanceof UnknownAdmissionPluginError && /--enable-admission-plugins: unknown admission plugins: NoSuchPlugin/.test(err.message));
});

test('the configuration file: embedded configuration, path relative to the file, and clear errors', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-admission-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'limits.yaml'), 'kind: Configuration\nlimits:\n- type: Server\n  qps: 10\n');
  const file = join(dir, 'admission.yaml');
  writeFileSync(file, `apiVersion: apiserver.config.orch.io/v1
kind: AdmissionConfiguration
plugins:
- name: EventRateLimit
  path: limits.yaml
- name: NamespaceLifecycle
  configuration: {note: embedded}
- name: AlwaysAdmit
`);
  const configs = loadAdmissionConfigFile(file);
  assert.deepEqual(configs.get('EventRateLimit'), { kind: 'Configuration', limits: [{ type: 'Server', qps: 10 }] });
  assert.deepEqual(configs.get('NamespaceLifecycle'), { note: 'embedded' });
  assert.ok(configs.has('AlwaysAdmit'));

  writeFileSync(file, 'apiVersion: v1\nkind: Pod\n');
  assert.throws(() => loadAdmissionConfigFile(file), (e: Error) => e instanceof AdmissionConfigError && /expected kind AdmissionConfiguration/.test(e.message));
  writeFileSync(file, 'apiVersion: apiserver.config.orch.io/v1\nkind: AdmissionConfiguration\nplugins:\n- name: X\n  path: missing.yaml\n');
  assert.throws(() => loadAdmissionConfigFile(file), /unable to read configuration of admission plugin X from ".*missing\.yaml"/);
  writeFileSync(file, 'apiVersion: apiserver.config.orch.io/v1\nkind: AdmissionConfiguration\nplugins:\n- path: a.yaml\n');
  assert.throws(() => loadAdmissionConfigFile(file), /plugins\[0\]\.name is required/);
  assert.throws(() => loadAdmissionConfigFile(join(dir, 'nope.yaml')), /unable to read admission control configuration from/);
});

const attrs = (over: Partial<AdmissionAttributes> = {}): AdmissionAttributes => ({
  operation: 'CREATE',
  resource: { group: '', version: 'v1', resource: 'configmaps' },
  subresource: '',
  kind: { group: '', version: 'v1', kind: 'ConfigMap' },
  namespace: 'ns1',
  name: 'c',
  object: { metadata: { name: 'c' } },
  dryRun: false,
  ...over,
});

test('mutating plugins all run before any validating plugin, each only for the operations it handles', async () => {
  const seen: string[] = [];
  const plugin = (name: string, ops: string[]): AdmissionPlugin => ({
    name,
    handles: (op) => ops.includes(op),
    admit: () => void seen.push(`admit:${name}`),
    validate: () => void seen.push(`validate:${name}`),
  });
  const chain = createAdmissionChain([plugin('A', ['CREATE']), plugin('B', ['CREATE', 'DELETE']), plugin('C', ['UPDATE'])]);
  await chain.admit(attrs());
  await chain.validate(attrs());
  assert.deepEqual(seen, ['admit:A', 'admit:B', 'validate:A', 'validate:B']);
});

test('built plugins get their configuration; AlwaysDeny refuses in both phases', async () => {
  const namespaces: NamespaceAccess = { get: async () => undefined, cached: async () => undefined, create: async () => {} };
  const built = buildAdmission(apiserverOptions({ 'enable-admission-plugins': ['AlwaysDeny'], 'disable-admission-plugins': ['NamespaceLifecycle'] }).admission, { namespaces });
  assert.ok(built.enabled.includes('AlwaysDeny'));
  await assert.rejects(async () => built.admit(attrs()), (err: any) => err.code === 403 && err.message === 'configmaps "c" is forbidden: admission control is denying all modifications');
});

test('a changed object gives opted-in plugins one extra round; other mutating plugins run once', async () => {
  const seen: string[] = [];
  const plugin = (name: string, reinvocable: boolean, change: boolean): AdmissionPlugin => ({
    name,
    reinvocable,
    handles: () => true,
    admit: (a) => {
      seen.push(`${name}:${a.reinvocation?.isReinvoke ? 1 : 0}`);
      if (change && !a.reinvocation!.isReinvoke) a.reinvocation!.shouldReinvoke = true;
    },
  });
  const chain = createAdmissionChain([plugin('Builtin', false, false), plugin('Policy', true, false), plugin('Webhook', true, true)]);
  const a = attrs();
  await chain.admit(a);
  assert.deepEqual(seen, ['Builtin:0', 'Policy:0', 'Webhook:0', 'Policy:1', 'Webhook:1']);
  assert.equal(a.reinvocation, undefined);
  seen.length = 0;
  await createAdmissionChain([plugin('Policy', true, false)]).admit(attrs());
  assert.deepEqual(seen, ['Policy:0']);
});

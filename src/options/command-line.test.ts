import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  apiserverArgs, apiserverCommandLineFlags, controllerManagerArgs, controllerManagerCommandLineFlags, nodeAgentArgs, nodeAgentCommandLineFlags, schedulerCommandLineFlags,
} from './command-line.ts';
import { apiserverFlags } from './apiserver-flags.ts';
import { controllerManagerFlags } from './controllermanager-flags.ts';
import { nodeAgentFlags } from './components/nodeagent-command.ts';
import { schedulerFlags } from './components/scheduler-command.ts';
import { parseFlags } from './parse.ts';

const apiserver = {
  dataDir: '/d', certDir: '/d/pki', tlsCertFile: '/d/pki/s.crt', tlsPrivateKeyFile: '/d/pki/s.key', tokenAuthFile: '/d/tokens.csv',
  authorizationModes: ['Node', 'RBAC'], serviceAccountIssuer: 'https://issuer', serviceAccountSigningKeyFile: '/d/pki/sa.key',
  serviceAccountKeyFile: '/d/pki/sa.pub', bindAddress: '127.0.0.1', securePort: 6443, serviceClusterIPRange: '10.96.0.0/12', allowPrivileged: true,
  nodeAgentCertificateAuthority: '/d/pki/ca.crt', nodeAgentClientCertificate: '/d/pki/c.crt', nodeAgentClientKey: '/d/pki/c.key',
  nodeAgentPreferredAddressTypes: ['InternalIP', 'Hostname'],
  requestheaderClientCAFile: '/d/pki/fp-ca.crt', requestheaderAllowedNames: ['front-proxy-client'], requestheaderUsernameHeaders: ['X-Remote-User'],
  requestheaderGroupHeaders: ['X-Remote-Group'], requestheaderExtraHeadersPrefix: ['X-Remote-Extra-'], proxyClientCertFile: '/d/pki/fp.crt', proxyClientKeyFile: '/d/pki/fp.key',
};

test('every flag a command line writes is a row of its daemon\'s table', () => {
  const known = (table: readonly { name: string }[]) => new Set(table.map((f) => f.name));
  for (const name of Object.values(apiserverCommandLineFlags)) assert.ok(known(apiserverFlags).has(name), name);
  for (const name of Object.values(controllerManagerCommandLineFlags)) assert.ok(known(controllerManagerFlags).has(name), name);
  for (const name of Object.values(schedulerCommandLineFlags)) assert.ok(known(schedulerFlags).has(name), name);
  for (const name of Object.values(nodeAgentCommandLineFlags)) assert.ok(known(nodeAgentFlags).has(name), name);
});

test('the API server\'s arguments parse back to the settings they were written from', () => {
  const parsed = parseFlags(apiserverFlags, apiserverArgs(apiserver));
  assert.deepEqual(parsed.errors, []);
  assert.deepEqual(parsed.values['authorization-mode'], ['Node', 'RBAC']);
  assert.equal(parsed.values['secure-port'], 6443);
  assert.equal(parsed.values['data-dir'], '/d');
});

test('flags named to be left out are not written', () => {
  const args = apiserverArgs(apiserver, new Set(['secure-port', 'authorization-mode']));
  assert.equal(args.length, Object.keys(apiserverCommandLineFlags).length - 2);
  assert.ok(!args.some((a) => a.startsWith('--secure-port') || a.startsWith('--authorization-mode')));
});

test('the controller manager\'s arguments parse back too', () => {
  const parsed = parseFlags(controllerManagerFlags, controllerManagerArgs({
    orchconfig: '/d/orchconfig', securePort: 0, rootCAFile: '/d/pki/ca.crt', clusterSigningCertFile: '/d/pki/ca.crt', clusterSigningKeyFile: '/d/pki/ca.key', serviceAccountPrivateKeyFile: '/d/pki/sa.key',
  }));
  assert.deepEqual(parsed.errors, []);
  assert.equal(parsed.values['secure-port'], 0);
  assert.equal(parsed.values['root-ca-file'], '/d/pki/ca.crt');
  assert.equal(parsed.values['cluster-signing-key-file'], '/d/pki/ca.key');
  assert.equal(parsed.values['service-account-private-key-file'], '/d/pki/sa.key');
});

test('the node agent\'s arguments parse back too', () => {
  const parsed = parseFlags(nodeAgentFlags, nodeAgentArgs({ orchconfig: '/d/orchconfig', nodes: 3, port: 0, tlsCertFile: '/d/a.crt', tlsPrivateKeyFile: '/d/a.key', clientCAFile: '/d/ca.crt', metricsApiPort: 0, metricsApiCAFile: '/d/ca.crt' }));
  assert.deepEqual(parsed.errors, []);
  assert.equal(parsed.values.nodes, 3);
  assert.equal(parsed.values.port, 0);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ObjectMeta } from '../../../../api/meta/v1/types.ts';
import type { PodSpec } from '../../../../api/core/v1/pod-types.ts';
import { aggregate, forbiddenDetail, forbiddenReasons, newEvaluator } from './evaluator.ts';
import { LATEST, v1, type Level, type Version } from './policy-labels.ts';

const evaluator = newEvaluator();

/** The joined violations of a pod at a level (latest unless given), as the 403 message lists them. */
function violations(level: Level, spec: Partial<PodSpec>, meta: ObjectMeta = {}, version: Version = LATEST): string {
  return forbiddenDetail(aggregate(evaluator.evaluatePod({ level, version }, meta, { containers: [], ...spec })));
}

/** A container that passes restricted. */
const good = (name: string, extra: object = {}) => ({
  name,
  image: 'busybox',
  securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
  ...extra,
});
const withContext = (name: string, securityContext: object) => ({ name, image: 'busybox', securityContext });

test('a minimal pod passes baseline and privileged, and fails restricted on four counts in check order', () => {
  const spec = { containers: [{ name: 'c', image: 'busybox' }] };
  assert.equal(violations('privileged', spec), '');
  assert.equal(violations('baseline', spec), '');
  assert.equal(
    violations('restricted', spec),
    'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), ' +
      'unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), ' +
      'runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), ' +
      'seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
  );
  assert.equal(violations('restricted', { containers: [good('c')] }), '');
});

test('privileged containers, baseline first then restricted', () => {
  const spec = { containers: [withContext('c', { privileged: true })] };
  assert.equal(violations('baseline', spec), 'privileged (container "c" must not set securityContext.privileged=true)');
  assert.match(violations('restricted', spec), /^privileged \(container "c" must not set securityContext.privileged=true\), allowPrivilegeEscalation != false/);
  assert.equal(
    violations('baseline', { initContainers: [withContext('i', { privileged: true })], containers: [withContext('a', { privileged: true })] }),
    'privileged (containers "i", "a" must not set securityContext.privileged=true)',
  );
});

test('host namespaces, host ports and hostPath volumes', () => {
  assert.equal(violations('baseline', { hostNetwork: true, hostPID: true, hostIPC: true }), 'host namespaces (hostNetwork=true, hostPID=true, hostIPC=true)');
  assert.equal(
    violations('baseline', { containers: [{ name: 'a', ports: [{ containerPort: 80, hostPort: 8080 }] }, { name: 'b', ports: [{ containerPort: 1, hostPort: 10000 }, { containerPort: 2 }] }] }),
    'hostPort (containers "a", "b" use hostPorts 10000, 8080)',
  );
  assert.equal(violations('baseline', { containers: [{ name: 'a', ports: [{ containerPort: 80, hostPort: 80 }] }] }), 'hostPort (container "a" uses hostPort 80)');
  const volumes = [
    { name: 'a', hostPath: { path: '/' } },
    { name: 'b', emptyDir: {} },
    { name: 'c', hostPath: { path: '/etc' } },
  ];
  assert.equal(violations('baseline', { volumes }), 'hostPath volumes (volumes "a", "c")');
  // Restricted reports hostPath through its volume-type check instead.
  assert.equal(
    violations('restricted', { volumes, containers: [good('x')] }),
    'restricted volume types (volumes "a", "c" use restricted volume type "hostPath")',
  );
});

test('capabilities: baseline allows the default set; restricted wants drop ALL and adds only NET_BIND_SERVICE', () => {
  const spec = { containers: [withContext('a', { capabilities: { add: ['NET_RAW', 'CHOWN', 'SYS_ADMIN'] } })] };
  assert.equal(violations('baseline', spec), 'non-default capabilities (container "a" must not include "NET_RAW", "SYS_ADMIN" in securityContext.capabilities.add)');
  assert.equal(violations('baseline', { containers: [withContext('a', { capabilities: { add: ['CHOWN'] } })] }), '');
  const restricted = {
    containers: [
      good('a', { securityContext: { ...good('a').securityContext, capabilities: { add: ['FOO', 'BAR'] } } }),
      good('b', { securityContext: { ...good('b').securityContext, capabilities: { add: ['NET_BIND_SERVICE', 'CHOWN'], drop: ['ALL'] } } }),
    ],
  };
  assert.equal(
    violations('restricted', restricted),
    'unrestricted capabilities (container "a" must set securityContext.capabilities.drop=["ALL"]; containers "a", "b" must not include "BAR", "CHOWN", "FOO" in securityContext.capabilities.add)',
  );
});

test('AppArmor: Unconfined profiles and bad annotations', () => {
  assert.equal(violations('baseline', { securityContext: { appArmorProfile: { type: 'Unconfined' } } }), 'forbidden AppArmor profile (pod must not set AppArmor profile type to "Unconfined")');
  const meta = {
    annotations: {
      'container.apparmor.security.beta.orch.io/a': 'runtime/default',
      'container.apparmor.security.beta.orch.io/e': 'unconfined',
      'container.apparmor.security.beta.orch.io/d': 'localhost/foo',
      'container.apparmor.security.beta.orch.io/f': 'unknown',
    },
  };
  assert.equal(
    violations('baseline', { containers: [withContext('c', { appArmorProfile: { type: 'Unconfined' } })] }, meta),
    'forbidden AppArmor profiles (container "c" and annotations must not set AppArmor profile type to "Unconfined", ' +
      '"container.apparmor.security.beta.orch.io/e="unconfined"", "container.apparmor.security.beta.orch.io/f="unknown"")',
  );
});

test('SELinux: types by version, user and role never', () => {
  const spec = {
    securityContext: { seLinuxOptions: { type: 'foo', user: 'bar', role: 'baz' } },
    containers: [withContext('a', { seLinuxOptions: { type: 'container_engine_t' } }), withContext('e', { seLinuxOptions: { type: 'bar' } }), withContext('f', { seLinuxOptions: { user: 'x' } })],
  };
  assert.equal(
    violations('baseline', spec),
    'seLinuxOptions (pod and containers "e", "f" set forbidden securityContext.seLinuxOptions: types "bar", "foo"; user may not be set; role may not be set)',
  );
  // container_engine_t is allowed from 1.31 only.
  assert.match(violations('baseline', spec, {}, v1(30)), /containers "a", "e", "f" set forbidden/);
  assert.equal(violations('baseline', { securityContext: { seLinuxOptions: { role: 'r' } } }), 'seLinuxOptions (pod set forbidden securityContext.seLinuxOptions: role may not be set)');
});

test('/proc mounts: baseline relaxes for user-namespace pods from 1.35, restricted never', () => {
  const unmasked = { containers: [withContext('a', { procMount: 'Unmasked' })] };
  assert.equal(violations('baseline', unmasked), 'procMount (container "a" must not set securityContext.procMount to "Unmasked")');
  assert.equal(violations('baseline', { ...unmasked, hostUsers: false }), '');
  assert.equal(violations('baseline', { ...unmasked, hostUsers: false }, {}, v1(34)), 'procMount (container "a" must not set securityContext.procMount to "Unmasked")');
  const restricted = { hostUsers: false, containers: [good('a', { securityContext: { ...good('a').securityContext, procMount: 'Unmasked' } })] };
  // Reported once, by the restricted check that replaces the baseline one.
  assert.equal(violations('restricted', restricted), 'procMount (container "a" must not set securityContext.procMount to "Unmasked")');
});

test('seccomp: annotations before 1.19, fields after; restricted requires a profile', () => {
  const meta = { annotations: { 'seccomp.security.alpha.orch.io/pod': 'unconfined', 'container.seccomp.security.alpha.orch.io/a': 'runtime/default' } };
  const spec = { containers: [{ name: 'a' }] };
  assert.equal(violations('baseline', spec, meta, v1(18)), 'seccompProfile (forbidden annotation seccomp.security.alpha.orch.io/pod="unconfined")');
  assert.equal(violations('baseline', spec, meta, v1(19)), '');
  assert.equal(
    violations('baseline', { securityContext: { seccompProfile: { type: 'Unconfined' } }, containers: [withContext('c', { seccompProfile: { type: 'Unconfined' } })] }),
    'seccompProfile (pod and container "c" must not set securityContext.seccompProfile.type to "Unconfined")',
  );
  const podLevel = { securityContext: { runAsNonRoot: true, seccompProfile: { type: 'Localhost', localhostProfile: 'p' } }, containers: [withContext('a', { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } })] };
  assert.equal(violations('restricted', podLevel), '');
});

test('sysctls grow with the policy version', () => {
  const spec = { securityContext: { sysctls: [{ name: 'net.ipv4.tcp_rmem', value: '1' }, { name: 'net.ipv4.ip_local_reserved_ports', value: '1' }, { name: 'kernel.msgmax', value: '1' }] } };
  assert.equal(violations('baseline', spec), 'forbidden sysctls (kernel.msgmax)');
  assert.equal(violations('baseline', spec, {}, v1(31)), 'forbidden sysctls (net.ipv4.tcp_rmem, kernel.msgmax)');
  assert.equal(violations('baseline', spec, {}, v1(26)), 'forbidden sysctls (net.ipv4.tcp_rmem, net.ipv4.ip_local_reserved_ports, kernel.msgmax)');
});

test('Windows HostProcess and probe hosts', () => {
  assert.equal(
    violations('baseline', { securityContext: { windowsOptions: { hostProcess: true } }, containers: [withContext('a', { windowsOptions: { hostProcess: true } })] }),
    'hostProcess (pod and container "a" must not set securityContext.windowsOptions.hostProcess=true)',
  );
  const probes = {
    containers: [
      { name: 'b', livenessProbe: { httpGet: { port: 80, host: 'evil' } }, lifecycle: { preStop: { tcpSocket: { port: 1, host: 'also' } } } },
      { name: 'a', readinessProbe: { tcpSocket: { port: 80, host: 'evil' } } },
    ],
  };
  assert.equal(violations('baseline', probes), 'probe or lifecycle host (containers "a", "b" use probe or lifecycle hosts "also", "evil")');
  assert.equal(violations('baseline', probes, {}, v1(33)), '');
});

test('restricted volume types name the first source a volume sets; image and CSI volumes are allowed', () => {
  const spec = {
    containers: [good('x')],
    volumes: [
      { name: 'n', nfs: { server: 's', path: '/' } },
      { name: 'img', image: { reference: 'busybox' } },
      { name: 'csi', csi: { driver: 'd' } },
      { name: 'g', gitRepo: { repository: 'r' } },
    ],
  };
  assert.equal(violations('restricted', spec), 'restricted volume types (volumes "n", "g" use restricted volume types "gitRepo", "nfs")');
});

test('runAsNonRoot and runAsUser, relaxed for user-namespace pods from 1.35', () => {
  const spec = { securityContext: { runAsNonRoot: false, runAsUser: 0 }, containers: [good('a', { securityContext: { ...good('a').securityContext, runAsNonRoot: false, runAsUser: 0 } })] };
  assert.equal(violations('restricted', spec), 'runAsNonRoot != true (pod and container "a" must not set securityContext.runAsNonRoot=false), runAsUser=0 (pod and container "a" must not set runAsUser=0)');
  assert.equal(violations('restricted', { ...spec, hostUsers: false }), '');
  assert.match(violations('restricted', { ...spec, hostUsers: false }, {}, v1(34)), /^runAsNonRoot != true/);
  // runAsUser exists from 1.23.
  assert.equal(violations('restricted', spec, {}, v1(22)), 'runAsNonRoot != true (pod and container "a" must not set securityContext.runAsNonRoot=false)');
});

test('Windows pods are spared the Linux-only restricted checks from 1.25', () => {
  const spec = { os: { name: 'windows' }, securityContext: { runAsNonRoot: true }, containers: [{ name: 'w' }] };
  assert.equal(violations('restricted', spec), '');
  assert.equal(
    forbiddenReasons(aggregate(evaluator.evaluatePod({ level: 'restricted', version: v1(24) }, {}, spec as PodSpec))),
    'allowPrivilegeEscalation != false, unrestricted capabilities, seccompProfile',
  );
});

test('older policy versions leave out the checks that came later', () => {
  const spec = { containers: [{ name: 'c' }] };
  // 1.0: only runAsNonRoot among the restricted checks existed.
  assert.equal(violations('restricted', spec, {}, v1(0)), 'runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true)');
  assert.equal(evaluator.maxMinor, 35);
  // A version past the newest is judged as the newest.
  assert.equal(violations('restricted', spec, {}, v1(99)), violations('restricted', spec));
});

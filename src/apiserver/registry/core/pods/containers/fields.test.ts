import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateContainers } from './index.ts';
import { container, context, lines } from './test-fixtures.ts';

const P = 'spec.containers';
const check = (overrides: Parameters<typeof container>[0], ctx = context()) => lines(validateContainers([container(overrides)], P, ctx));

test('environment: printable names without "=", exactly one value source, each source checked', () => {
  assert.deepEqual(check({ env: [{ name: 'MY VAR.1', value: 'x' }, { name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.labels[\'app\']' } } }] }), []);
  assert.deepEqual(check({ env: [{ name: '' }, { name: 'A=B' }, { name: 'X', valueFrom: {} }] }), [
    'FieldValueRequired spec.containers[0].env[0].name: Required value',
    'FieldValueInvalid spec.containers[0].env[1].name: Invalid value: "A=B": a valid environment variable name must consist only of printable ASCII characters other than \'=\'',
    'FieldValueInvalid spec.containers[0].env[2].valueFrom: Invalid value: "": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`',
  ]);
  assert.deepEqual(check({ env: [{ name: 'X', value: 'v', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }, { name: 'Y', valueFrom: { secretKeyRef: { name: 's', key: 'k' }, configMapKeyRef: { name: 'c', key: 'k' } } }] }), [
    'FieldValueInvalid spec.containers[0].env[0].valueFrom: Invalid value: "": may not be specified when `value` is not empty',
    'FieldValueInvalid spec.containers[0].env[1].valueFrom: Invalid value: "": may not have more than one field specified at a time',
  ]);
});

test('field and resource references name what the downward API offers', () => {
  assert.deepEqual(check({ env: [{ name: 'A', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'status.phase' } } }, { name: 'B', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nope' } } }] }), [
    'FieldValueNotSupported spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Unsupported value: "status.phase": supported values: "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"',
    'FieldValueInvalid spec.containers[0].env[1].valueFrom.fieldRef.fieldPath: Invalid value: "spec.nope": error converting fieldPath: field label not supported: spec.nope',
  ]);
  assert.deepEqual(check({ env: [{ name: 'A', valueFrom: { resourceFieldRef: { resource: 'limits.gpu' } } }, { name: 'B', valueFrom: { resourceFieldRef: { resource: 'limits.cpu', divisor: '2' } } }, { name: 'C', valueFrom: { resourceFieldRef: { resource: 'requests.hugepages-2Mi', divisor: '1Mi' } } }] }), [
    'FieldValueNotSupported spec.containers[0].env[0].valueFrom.resourceFieldRef.resource: Unsupported value: "limits.gpu": supported values: "limits.cpu", "limits.ephemeral-storage", "limits.memory", "requests.cpu", "requests.ephemeral-storage", "requests.memory"',
    'FieldValueInvalid spec.containers[0].env[1].valueFrom.resourceFieldRef.divisor: Invalid value: "limits.cpu": only divisor\'s values 1m and 1 are supported with the cpu resource',
  ]);
});

test('config map, secret and file keys', () => {
  assert.deepEqual(check({ env: [{ name: 'A', valueFrom: { configMapKeyRef: { key: 'a/b' } } }, { name: 'B', valueFrom: { fileKeyRef: { volumeName: 'Data', path: '../env', key: '' } } }] }), [
    'FieldValueInvalid spec.containers[0].env[0].valueFrom.configMapKeyRef.name: Invalid value: "": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
    'FieldValueInvalid spec.containers[0].env[0].valueFrom.configMapKeyRef.key: Invalid value: "a/b": a valid config key must consist of alphanumeric characters, \'-\', \'_\' or \'.\' (e.g. \'key.name\',  or \'KEY_NAME\',  or \'key-name\', regex used for validation is \'[-._a-zA-Z0-9]+\')',
    'FieldValueRequired spec.containers[0].env[1].valueFrom.fileKeyRef.key: Required value',
    'FieldValueInvalid spec.containers[0].env[1].valueFrom.fileKeyRef.volumeName: Invalid value: "Data": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character (e.g. \'my-name\',  or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\')',
    'FieldValueInvalid spec.containers[0].env[1].valueFrom.fileKeyRef.path: Invalid value: "../env": must not contain \'..\'',
  ]);
  assert.deepEqual(check({ envFrom: [{ prefix: 'P_', configMapRef: { name: 'cfg' } }, { configMapRef: { name: 'a' }, secretRef: { name: 'b' } }, {}] }), [
    'FieldValueInvalid spec.containers[0].envFrom: Invalid value: "": may not have more than one field specified at a time',
    'FieldValueInvalid spec.containers[0].envFrom: Invalid value: "": must specify one of: `configMapRef` or `secretRef`',
  ]);
});

test('volume mounts and devices', () => {
  assert.deepEqual(check({ volumeMounts: [{ name: 'data', mountPath: '/data', subPath: 'a/b' }], volumeDevices: [{ name: 'claim', devicePath: '/dev/xvda' }] }), []);
  assert.deepEqual(check({ volumeMounts: [{ name: 'nope', mountPath: '/x' }, { name: 'data', mountPath: '/x', subPath: '/abs', subPathExpr: '$(A)' }] }), [
    'FieldValueNotFound spec.containers[0].volumeMounts[0].name: Not found: "nope"',
    'FieldValueInvalid spec.containers[0].volumeMounts[1].mountPath: Invalid value: "/x": must be unique',
    'FieldValueInvalid spec.containers[0].volumeMounts.subPath: Invalid value: "/abs": must be a relative path',
    'FieldValueInvalid spec.containers[0].volumeMounts[1].subPathExpr: Invalid value: "$(A)": subPathExpr and subPath are mutually exclusive',
  ]);
  assert.deepEqual(check({ volumeMounts: [{ name: 'data', mountPath: '/d', mountPropagation: 'Bidirectional', recursiveReadOnly: 'Enabled' }] }), [
    'FieldValueForbidden spec.containers[0].volumeMounts.mountPropagation: Forbidden: Bidirectional mount propagation is available only to privileged containers',
    'FieldValueForbidden spec.containers[0].volumeMounts.recursiveReadOnly: Forbidden: may only be specified when readOnly is true',
    'FieldValueForbidden spec.containers[0].volumeMounts.recursiveReadOnly: Forbidden: may only be specified when mountPropagation is None or not specified',
  ]);
  assert.deepEqual(check({ volumeDevices: [{ name: 'data', devicePath: '/dev/a' }, { name: 'claim', devicePath: '/dev/../a' }] }), [
    'FieldValueInvalid spec.containers[0].volumeDevices[0].name: Invalid value: "data": can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode',
    'FieldValueInvalid spec.containers[0].volumeDevices[1].devicePath: Invalid value: "/dev/../a": can not contain backsteps (\'..\')',
  ]);
});

test('probes and hooks: exactly one handler, valid actions and timings', () => {
  assert.deepEqual(lines(validateContainers([{ ...container(), livenessProbe: { httpGet: { port: 80, scheme: 'HTTP' }, successThreshold: 1 } }], P, context())), [
    'FieldValueRequired spec.containers[0].livenessProbe.httpGet.path: Required value',
  ]);
  assert.deepEqual(check({ livenessProbe: { httpGet: { port: 'http', httpHeaders: [{ name: 'X-Ok', value: '1' }] }, successThreshold: 1 } }), []);
  assert.deepEqual(check({ livenessProbe: {}, readinessProbe: { exec: { command: [] }, tcpSocket: { port: 0 }, terminationGracePeriodSeconds: 5 } }), [
    'FieldValueRequired spec.containers[0].livenessProbe: Required value: must specify a handler type',
    'FieldValueRequired spec.containers[0].readinessProbe.exec.command: Required value',
    'FieldValueForbidden spec.containers[0].readinessProbe.tcpSocket: Forbidden: may not specify more than 1 handler type',
    'FieldValueInvalid spec.containers[0].readinessProbe.terminationGracePeriodSeconds: Invalid value: 5: must not be set for readinessProbes',
  ]);
  assert.deepEqual(check({ startupProbe: { httpGet: { port: 70000, scheme: 'FTP', httpHeaders: [{ name: 'Bad Header', value: '' }] }, periodSeconds: -1, successThreshold: 2, terminationGracePeriodSeconds: 0 } }), [
    'FieldValueInvalid spec.containers[0].startupProbe.httpGet.port: Invalid value: 70000: must be between 1 and 65535, inclusive',
    'FieldValueNotSupported spec.containers[0].startupProbe.httpGet.scheme: Unsupported value: "FTP": supported values: "HTTP", "HTTPS"',
    'FieldValueInvalid spec.containers[0].startupProbe.httpGet.httpHeaders: Invalid value: "Bad Header": a valid HTTP header must consist of alphanumeric characters or \'-\' (e.g. \'X-Header-Name\', regex used for validation is \'[-A-Za-z0-9]+\')',
    'FieldValueInvalid spec.containers[0].startupProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0',
    'FieldValueInvalid spec.containers[0].startupProbe.terminationGracePeriodSeconds: Invalid value: 0: must be greater than 0',
    'FieldValueInvalid spec.containers[0].startupProbe.successThreshold: Invalid value: 2: must be 1',
  ]);
  assert.deepEqual(check({ lifecycle: { postStart: { sleep: { seconds: 31 } }, preStop: { tcpSocket: { port: 'x--y' } }, stopSignal: 'SIGTERM' } }), [
    'FieldValueInvalid spec.containers[0].lifecycle.postStart.sleep: Invalid value: 31: must be non-negative and less than terminationGracePeriodSeconds (30)',
    'FieldValueInvalid spec.containers[0].lifecycle.preStop.tcpSocket.port: Invalid value: "x--y": must not contain consecutive hyphens',
    'FieldValueForbidden spec.containers[0].lifecycle.stopSignal: Forbidden: may not be set for containers with empty `spec.os.name`',
  ]);
  assert.deepEqual(check({ lifecycle: { stopSignal: 'SIGUSR1' } }, context({ os: 'windows' })), [
    'FieldValueNotSupported spec.containers[0].lifecycle.stopSignal: Unsupported value: "SIGUSR1": supported values: "SIGKILL", "SIGTERM"',
  ]);
});

test('resources: names, quantities, requests within limits, hugepages, claims', () => {
  assert.deepEqual(check({ resources: { limits: { cpu: '1', memory: '1Gi', 'hugepages-2Mi': '4Mi' }, requests: { cpu: '500m' } } }), []);
  assert.deepEqual(check({ resources: { limits: { cpu: '1' }, requests: { cpu: '2', bogus: '1' } } }), [
    'FieldValueInvalid spec.containers[0].resources.requests[bogus]: Invalid value: "bogus": must be a standard resource type or fully qualified',
    'FieldValueInvalid spec.containers[0].resources.requests[bogus]: Invalid value: "bogus": must be a standard resource for containers',
    'FieldValueInvalid spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
  ]);
  assert.deepEqual(check({ resources: { limits: { 'example.com/gpu': '2', 'hugepages-2Mi': '3Mi' }, requests: { 'example.com/gpu': '1', memory: '-1' } } }), [
    'FieldValueInvalid spec.containers[0].resources.limits[hugepages-2Mi]: Invalid value: "3Mi": 3Mi is not positive integer multiple of hugepages-2Mi',
    'FieldValueInvalid spec.containers[0].resources.requests: Invalid value: "1": must be equal to example.com/gpu limit of 2',
    // Defaulting copied the hugepages limit into the requests, where it is reported again.
    'FieldValueInvalid spec.containers[0].resources.requests[hugepages-2Mi]: Invalid value: "3Mi": 3Mi is not positive integer multiple of hugepages-2Mi',
    'FieldValueInvalid spec.containers[0].resources.requests[memory]: Invalid value: "-1": must be greater than or equal to 0',
  ]);
  assert.deepEqual(check({ resources: { limits: { 'hugepages-2Mi': '2Mi' } } }).at(-1), 'FieldValueForbidden spec.containers[0].resources: Forbidden: HugePages require cpu or memory');
  assert.deepEqual(check({ resources: { claims: [{ name: 'gpu' }, { name: 'gpu', request: 'one' }, { name: 'other' }] } }, context({ resourceClaimNames: new Set(['gpu']) })), [
    'FieldValueDuplicate spec.containers[0].resources.claims[1]: Duplicate value: "gpu"',
    'FieldValueNotFound spec.containers[0].resources.claims[2]: Not found: "other": must be one of the names in pod.spec.resourceClaims: gpu',
  ]);
});

test('resize policies: cpu and memory once each, NotRequired when the pod never restarts', () => {
  assert.deepEqual(check({ resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }, { resourceName: 'memory', restartPolicy: 'RestartContainer' }] }), []);
  assert.deepEqual(check({ resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'RestartContainer' }, { resourceName: 'cpu', restartPolicy: 'Later' }, { resourceName: 'gpu', restartPolicy: 'NotRequired' }] }, context({ podRestartPolicy: 'Never' })), [
    'FieldValueInvalid spec.containers[0].resizePolicy: Invalid value: "RestartContainer": must be \'NotRequired\' when pod `restartPolicy` is \'Never\'',
    'FieldValueDuplicate spec.containers[0].resizePolicy[1]: Duplicate value: "cpu"',
    'FieldValueNotSupported spec.containers[0].resizePolicy: Unsupported value: "Later": supported values: "NotRequired", "RestartContainer"',
    'FieldValueInvalid spec.containers[0].resizePolicy: Invalid value: "Later": must be \'NotRequired\' when pod `restartPolicy` is \'Never\'',
    'FieldValueNotSupported spec.containers[0].resizePolicy: Unsupported value: "gpu": supported values: "cpu", "memory"',
  ]);
});

test('security context', () => {
  assert.deepEqual(check({ securityContext: { runAsUser: 1000, runAsNonRoot: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, seccompProfile: { type: 'RuntimeDefault' } } }), []);
  assert.deepEqual(check({ securityContext: { privileged: true } }), ['FieldValueForbidden spec.containers[0].securityContext.privileged: Forbidden: disallowed by cluster policy']);
  assert.deepEqual(check({ securityContext: { privileged: true } }, context({ allowPrivileged: true })), []);
  assert.deepEqual(check({ securityContext: { privileged: true, allowPrivilegeEscalation: false, runAsUser: -1, procMount: 'Unmasked' } }, context({ allowPrivileged: true })), [
    'FieldValueInvalid spec.containers[0].securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive',
    'FieldValueInvalid spec.containers[0].securityContext.procMount: Invalid value: "Unmasked": `hostUsers` must be false to use `Unmasked`',
    'FieldValueInvalid spec.containers[0].securityContext: Invalid value: core.SecurityContext{Capabilities:(*core.Capabilities)(nil), Privileged:(*bool)(0xc000000000), SELinuxOptions:(*core.SELinuxOptions)(nil), WindowsOptions:(*core.WindowsSecurityContextOptions)(nil), RunAsUser:(*int64)(0xc000000000), RunAsGroup:(*int64)(nil), RunAsNonRoot:(*bool)(nil), ReadOnlyRootFilesystem:(*bool)(nil), AllowPrivilegeEscalation:(*bool)(0xc000000000), ProcMount:(*core.ProcMountType)(0xc000000000), SeccompProfile:(*core.SeccompProfile)(nil), AppArmorProfile:(*core.AppArmorProfile)(nil)}: cannot set `allowPrivilegeEscalation` to false and `privileged` to true',
  ]);
  assert.deepEqual(check({ securityContext: { seccompProfile: { type: 'Localhost' }, appArmorProfile: { type: 'Unconfined', localhostProfile: 'p' }, windowsOptions: { runAsUserName: 'dom\\a\\b' } } }), [
    'FieldValueRequired spec.containers[0].securityContext.seccompProfile.localhostProfile: Required value: must be set when seccomp type is Localhost',
    'FieldValueInvalid spec.containers[0].securityContext.windowsOptions.runAsUserName: Invalid value: "dom\\\\a\\\\b": runAsUserName cannot contain more than one backslash',
    'FieldValueInvalid spec.containers[0].securityContext.appArmorProfile.localhostProfile: Invalid value: "p": can only be set when AppArmor type is Localhost',
  ]);
  assert.deepEqual(check({ securityContext: { seccompProfile: { type: 'Unconfined', localhostProfile: 'x' }, procMount: 'Masked' } }, context({ hostUsers: false })), [
    'FieldValueNotSupported spec.containers[0].securityContext.procMount: Unsupported value: "Masked": supported values: "Default", "Unmasked"',
    'FieldValueInvalid spec.containers[0].securityContext.seccompProfile.localhostProfile: Invalid value: core.SeccompProfile{Type:"Unconfined", LocalhostProfile:(*string)(0xc000000000)}: can only be set when seccomp type is Localhost',
  ]);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeHash, podTemplateHashText, safeEncodeString } from './pod-template-hash.ts';
import { goQuantity } from './quantity-text.ts';
import { coreStructText } from './go-struct-text.ts';
import type { PodTemplateSpec } from '../../api/core/v1/pod-types.ts';

const TEMPLATE = {
  metadata: { creationTimestamp: null, labels: { app: 'web' } },
  spec: {
    containers: [{ name: 'nginx', image: 'nginx', resources: {}, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', imagePullPolicy: 'Always' }],
    restartPolicy: 'Always', terminationGracePeriodSeconds: 30, dnsPolicy: 'ClusterFirst', securityContext: {}, schedulerName: 'default-scheduler',
  },
} as unknown as PodTemplateSpec;

/** Nearly every kind of field a template has, for the golden hash below. */
const RICH = {
  metadata: { creationTimestamp: null, labels: { app: 'web', tier: 'front', 'a.b/c': 'd' }, annotations: { 'kubectl.kubernetes.io/restartedAt': '2026-01-01T00:00:00Z', z: 'y' } },
  spec: {
    volumes: [{ name: 'data', emptyDir: { medium: 'Memory', sizeLimit: '64Mi' } }, { name: 'cfg', configMap: { name: 'cm', defaultMode: 420, items: [{ key: 'k', path: 'p' }] } }, { name: 'pvc', persistentVolumeClaim: { claimName: 'c', readOnly: true } }],
    initContainers: [{ name: 'init', image: 'busybox', command: ['sh', '-c', 'true'], resources: {}, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', imagePullPolicy: 'IfNotPresent', restartPolicy: 'Always' }],
    containers: [{
      name: 'app', image: 'app:1', args: ['--x=1'], workingDir: '/w',
      ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }, { containerPort: 53, protocol: 'UDP', hostPort: 53, hostIP: '1.2.3.4' }],
      env: [{ name: 'A', value: 'b' }, { name: 'POD', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } }, { name: 'CPU', valueFrom: { resourceFieldRef: { resource: 'limits.cpu', divisor: '1m' } } }],
      envFrom: [{ prefix: 'P_', configMapRef: { name: 'cm', optional: true } }, { secretRef: { name: 's' } }],
      resources: { limits: { cpu: '500m', memory: '128Mi' }, requests: { cpu: '250m', memory: '100Mi', 'ephemeral-storage': '1Gi' } },
      volumeMounts: [{ name: 'data', mountPath: '/data', readOnly: true, mountPropagation: 'None' }],
      livenessProbe: { httpGet: { path: '/healthz', port: 'http', scheme: 'HTTP', httpHeaders: [{ name: 'X', value: 'y' }] }, initialDelaySeconds: 3, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 },
      readinessProbe: { tcpSocket: { port: 8080 }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 },
      startupProbe: { exec: { command: ['cat', '/ready'] }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 30 },
      lifecycle: { preStop: { sleep: { seconds: 5 } }, postStart: { exec: { command: ['echo'] } } },
      terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'FallbackToLogsOnError', imagePullPolicy: 'IfNotPresent',
      securityContext: { runAsUser: 1000, runAsNonRoot: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'], add: ['NET_BIND_SERVICE'] }, readOnlyRootFilesystem: true, seccompProfile: { type: 'RuntimeDefault' } },
      stdin: true, tty: true,
    }],
    restartPolicy: 'Always', terminationGracePeriodSeconds: 60, activeDeadlineSeconds: 100, dnsPolicy: 'ClusterFirstWithHostNet',
    nodeSelector: { 'kubernetes.io/os': 'linux', disk: 'ssd' }, serviceAccountName: 'sa', serviceAccount: 'sa', automountServiceAccountToken: false,
    hostNetwork: true, shareProcessNamespace: true,
    securityContext: { fsGroup: 2000, supplementalGroups: [1, 2], sysctls: [{ name: 'net.core.somaxconn', value: '1024' }], fsGroupChangePolicy: 'OnRootMismatch' },
    imagePullSecrets: [{ name: 'reg' }], hostname: 'h', subdomain: 's',
    affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a', 'b'] }] }] } }, podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: { labelSelector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'x', operator: 'Exists' }] }, topologyKey: 'kubernetes.io/hostname' } }] } },
    schedulerName: 'default-scheduler',
    tolerations: [{ key: 'k', operator: 'Equal', value: 'v', effect: 'NoExecute', tolerationSeconds: 30 }, { operator: 'Exists' }],
    hostAliases: [{ ip: '127.0.0.1', hostnames: ['foo.local'] }], priorityClassName: 'high', priority: 1000,
    dnsConfig: { nameservers: ['1.1.1.1'], searches: ['a.b'], options: [{ name: 'ndots', value: '2' }, { name: 'edns0' }] },
    readinessGates: [{ conditionType: 'x/ready' }], runtimeClassName: 'rc', enableServiceLinks: true, preemptionPolicy: 'PreemptLowerPriority',
    overhead: { cpu: '100m' },
    topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } }, minDomains: 2, nodeAffinityPolicy: 'Honor', matchLabelKeys: ['pod-template-hash'] }],
    setHostnameAsFQDN: false, os: { name: 'linux' }, hostUsers: false,
    schedulingGates: [{ name: 'g' }],
  },
} as unknown as PodTemplateSpec;

test('hashes equal those go-spew and FNV-32a give for the same Go structs', () => {
  // Computed by a Go program printing these templates, decoded into structs with core/v1's
  // fields, through go-spew 1.1.1 with DeepHashObject's settings.
  assert.equal(computeHash(TEMPLATE), '68d995574f');
  assert.equal(computeHash(RICH), 'cb649b6b4');
});

test('SafeEncodeString maps each character into an alphabet without vowels', () => {
  assert.equal(safeEncodeString('0123456789'), '456789bcdf');
  assert.match(computeHash(TEMPLATE), /^[bcdfghjklmnpqrstvwxz2456789]{1,10}$/);
});

test('the hashed text is the template as go-spew prints the Go struct with %#v', () => {
  const text = podTemplateHashText(TEMPLATE);
  assert.ok(text.startsWith('(v1.PodTemplateSpec){ObjectMeta:(v1.ObjectMeta){Name:(string) GenerateName:(string) Namespace:(string) SelfLink:(string) UID:(types.UID) ResourceVersion:(string) Generation:(int64)0 CreationTimestamp:(v1.Time){Time:(time.Time){wall:(uint64)0 ext:(int64)0 loc:(*time.Location)<nil>}} DeletionTimestamp:(*v1.Time)<nil>'));
  assert.ok(text.includes(' Labels:(map[string]string)map[app:web] Annotations:(map[string]string)<nil> '));
  assert.ok(text.includes('Containers:([]v1.Container)[{Name:(string)nginx Image:(string)nginx Command:([]string)<nil> '));
  assert.ok(text.includes(' TerminationGracePeriodSeconds:(*int64)30 ActiveDeadlineSeconds:(*int64)<nil> DNSPolicy:(v1.DNSPolicy)ClusterFirst '));
  assert.ok(text.includes(' DeprecatedServiceAccount:(string) '));
  assert.ok(text.includes(' SecurityContext:(*v1.PodSecurityContext){SELinuxOptions:(*v1.SELinuxOptions)<nil> '));
  assert.ok(text.includes(' TTY:(bool)false}] '));
});

test('embedded structs print under their type name; int-or-string and quantities print their Go fields', () => {
  const probe = coreStructText('Probe', { httpGet: { path: '/', port: 80, scheme: 'HTTP' }, periodSeconds: 10 });
  assert.ok(probe.startsWith('(v1.Probe){ProbeHandler:(v1.ProbeHandler){Exec:(*v1.ExecAction)<nil> HTTPGet:(*v1.HTTPGetAction){Path:(string)/ Port:(intstr.IntOrString){Type:(intstr.Type)0 IntVal:(int32)80 StrVal:(string)} Host:(string) Scheme:(v1.URIScheme)HTTP HTTPHeaders:([]v1.HTTPHeader)<nil>}'), probe);
  const resources = coreStructText('ResourceRequirements', { limits: { memory: '128Mi', cpu: '500m' } });
  assert.equal(resources, '(v1.ResourceRequirements){Limits:(v1.ResourceList)map[cpu:{i:(resource.int64Amount){value:(int64)500 scale:(resource.Scale)-3} d:(resource.infDecAmount){Dec:(*inf.Dec)<nil>} s:(string)500m Format:(resource.Format)DecimalSI} memory:{i:(resource.int64Amount){value:(int64)134217728 scale:(resource.Scale)0} d:(resource.infDecAmount){Dec:(*inf.Dec)<nil>} s:(string) Format:(resource.Format)BinarySI}] Requests:(v1.ResourceList)<nil> Claims:([]v1.ResourceClaim)<nil>}');
});

test('ParseQuantity keeps the string only in canonical forms', () => {
  assert.deepEqual(goQuantity('1Gi'), { value: 1073741824n, scale: 0, s: '1Gi', format: 'BinarySI' });
  assert.deepEqual(goQuantity('8Gi'), { value: 8589934592n, scale: 0, s: '', format: 'BinarySI' });
  assert.deepEqual(goQuantity('1'), { value: 1n, scale: 0, s: '1', format: 'DecimalSI' });
  assert.deepEqual(goQuantity('0'), { value: 0n, scale: 0, s: '0', format: 'DecimalSI' });
  assert.deepEqual(goQuantity('2k'), { value: 2n, scale: 3, s: '2k', format: 'DecimalSI' });
  assert.deepEqual(goQuantity('1e3'), { value: 1n, scale: 3, s: '1e3', format: 'DecimalExponent' });
});

test('a template with a value not printed as Go holds it still gets a stable hash', () => {
  const odd = structuredClone(TEMPLATE);
  odd.spec!.containers[0]!.resources = { limits: { cpu: '0.1234567890123456789' } };
  assert.equal(computeHash(odd), computeHash(structuredClone(odd)));
  assert.notEqual(computeHash(odd), computeHash(TEMPLATE));
});

test('the collision count changes the hash', () => {
  assert.notEqual(computeHash(TEMPLATE), computeHash(TEMPLATE, 1));
  assert.notEqual(computeHash(TEMPLATE, 1), computeHash(TEMPLATE, 2));
  assert.equal(computeHash(TEMPLATE, null), computeHash(TEMPLATE));
});

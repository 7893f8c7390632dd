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

test('the collision count changes the hash', () => {
  assert.notEqual(computeHash(TEMPLATE), computeHash(TEMPLATE, 1));
  assert.notEqual(computeHash(TEMPLATE, 1), computeHash(TEMPLATE, 2));
  assert.equal(computeHash(TEMPLATE, null), computeHash(TEMPLATE));
});

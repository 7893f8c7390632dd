// The difference between two pod specs, printed in the style of the Go cmp.Diff output that
// Kubernetes appends to "pod updates may not change fields other than …": removed lines start
// with "-", added lines with "+", unchanged fields are counted, not shown. Field names are
// spelled as Go spells them. It is a reading aid for people, not a format clients parse.
import { deepEqual } from '../../../../../machinery/validation/immutable.ts';

const GO_NAMES: Readonly<Record<string, string>> = {
  dnsPolicy: 'DNSPolicy', dnsConfig: 'DNSConfig', hostPID: 'HostPID', hostIPC: 'HostIPC', os: 'OS', setHostnameAsFQDN: 'SetHostnameAsFQDN',
  serviceAccount: 'DeprecatedServiceAccount', ip: 'IP', tty: 'TTY', uid: 'UID', httpGet: 'HTTPGet', tcpSocket: 'TCPSocket', grpc: 'GRPC',
  seLinuxOptions: 'SELinuxOptions', fsGroup: 'FSGroup', fsGroupChangePolicy: 'FSGroupChangePolicy', seLinuxChangePolicy: 'SELinuxChangePolicy',
  hostIP: 'HostIP', podIP: 'PodIP', containerID: 'ContainerID', imageID: 'ImageID',
};

function goName(jsonName: string): string {
  return GO_NAMES[jsonName] ?? jsonName.charAt(0).toUpperCase() + jsonName.slice(1);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A value on one line, in Go's literal style. */
function literal(v: unknown): string {
  if (v === undefined || v === null) return 'nil';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return `{${v.map(literal).join(', ')}}`;
  return `{${Object.entries(v).map(([k, x]) => `${goName(k)}: ${literal(x)}`).join(', ')}}`;
}

/** An absent scalar is its Go zero value: "" for a string, 0, false; anything else is nil. */
function zeroLike(other: unknown): unknown {
  if (typeof other === 'string') return '';
  if (typeof other === 'number') return 0;
  if (typeof other === 'boolean') return false;
  return undefined;
}

function identical(out: string[], indent: string, n: number): void {
  if (n > 0) out.push(`  ${indent}... // ${n} identical ${n === 1 ? 'field' : 'fields'}`);
}

function diffValue(out: string[], indent: string, label: string, a: unknown, b: unknown): void {
  if (isObject(a) && isObject(b)) {
    out.push(`  ${indent}${label}{`);
    diffFields(out, `${indent}\t`, a, b);
    out.push(`  ${indent}},`);
  } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    out.push(`  ${indent}${label}{`);
    let same = 0;
    a.forEach((x, i) => {
      if (deepEqual(x, b[i])) {
        same++;
        return;
      }
      identical(out, `${indent}\t`, same);
      same = 0;
      diffValue(out, `${indent}\t`, '', x, b[i]);
    });
    identical(out, `${indent}\t`, same);
    out.push(`  ${indent}},`);
  } else {
    out.push(`- ${indent}${label}${literal(a ?? zeroLike(b))},`);
    out.push(`+ ${indent}${label}${literal(b ?? zeroLike(a))},`);
  }
}

function diffFields(out: string[], indent: string, a: Record<string, unknown>, b: Record<string, unknown>): void {
  const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
  let same = 0;
  for (const k of keys) {
    if (deepEqual(a[k], b[k])) {
      same++;
      continue;
    }
    identical(out, indent, same);
    same = 0;
    diffValue(out, indent, `${goName(k)}: `, a[k], b[k]);
  }
  identical(out, indent, same);
}

/** The lines describing how `b` differs from `a`, both pod specs. */
export function podSpecDiff(a: Record<string, unknown>, b: Record<string, unknown>): string {
  const out = ['  core.PodSpec{'];
  diffFields(out, '\t', a, b);
  out.push('  }');
  return `${out.join('\n')}\n`;
}

// The text Kubernetes hashes when it hashes an object (hashutil.DeepHashObject): the Go value the
// JSON decodes to, printed by go-spew with `%#v`, sorted map keys and methods disabled. Every
// field of the struct is printed, set or not, with its Go type in parentheses: `Name:(string)web`,
// `Affinity:(*v1.Affinity)<nil>`, `Labels:(map[string]string)map[app:web]`; list items and map
// values go without their type, strings without quotes, and fields are separated by one space.
// The structs come from the core/v1 Go struct declarations (openapi/core), so what a field is
// called in Go and which type it has follow Kubernetes' own declarations.
//
// What the controller manager decodes (protobuf) has no empty lists or maps, only nil ones; so
// an empty list or map prints as `<nil>` here too.
import type { FieldDecl, StructDecl } from '../openapi/go-structs.ts';
import { corePackage } from '../openapi/core/package.ts';
import { metaStructs } from './meta-structs.ts';
import { quantityText } from './quantity-text.ts';

/** A Go type as reflect names it, and how its values print. */
export type GoType =
  | { kind: 'scalar'; name: string; scalar: 'string' | 'int' | 'bool' | 'float' }
  | { kind: 'bytes'; name: string }
  | { kind: 'pointer'; name: string; elem: GoType }
  | { kind: 'slice'; name: string; elem: GoType }
  | { kind: 'map'; name: string; elem: GoType }
  | { kind: 'struct'; name: string; pkg: 'core' | 'meta'; struct: string }
  | { kind: 'special'; name: string; special: 'Quantity' | 'IntOrString' | 'Time' };

const SCALARS: Readonly<Record<string, 'string' | 'int' | 'bool' | 'float'>> = {
  string: 'string', int32: 'int', int64: 'int', bool: 'bool', float64: 'float',
};

/** Go field names that are not their json name with its first letter raised, by `Struct.json` or `json`. */
const GO_NAMES: Readonly<Record<string, string>> = {
  uid: 'UID', apiVersion: 'APIVersion', apiGroup: 'APIGroup', tty: 'TTY', dnsPolicy: 'DNSPolicy', dnsConfig: 'DNSConfig',
  os: 'OS', ip: 'IP', seLinuxOptions: 'SELinuxOptions', seLinuxChangePolicy: 'SELinuxChangePolicy', fsGroup: 'FSGroup',
  fsGroupChangePolicy: 'FSGroupChangePolicy', fsType: 'FSType', httpGet: 'HTTPGet', tcpSocket: 'TCPSocket', grpc: 'GRPC',
  httpHeaders: 'HTTPHeaders', iscsi: 'ISCSI', rbd: 'RBD', nfs: 'NFS', csi: 'CSI', fc: 'FC', cephfs: 'CephFS', wwids: 'WWIDs',
  iqn: 'IQN', iscsiInterface: 'ISCSIInterface', chapAuthDiscovery: 'DiscoveryCHAPAuth', chapAuthSession: 'SessionCHAPAuth',
  gcePersistentDisk: 'GCEPersistentDisk', awsElasticBlockStore: 'AWSElasticBlockStore', pdName: 'PDName', diskURI: 'DataDiskURI',
  storageos: 'StorageOS', sslEnabled: 'SSLEnabled', gmsaCredentialSpecName: 'GMSACredentialSpecName',
  gmsaCredentialSpec: 'GMSACredentialSpec', serviceAccount: 'DeprecatedServiceAccount',
  'RBDVolumeSource.monitors': 'CephMonitors', 'RBDVolumeSource.image': 'RBDImage', 'RBDVolumeSource.pool': 'RBDPool',
  'RBDVolumeSource.user': 'RadosUser', 'GlusterfsVolumeSource.endpoints': 'EndpointsName',
};

export interface GoField {
  goName: string;
  json: string;
  /** Embedded with `json:",inline"`: its fields are read from the enclosing JSON object. */
  inline: boolean;
  type: GoType;
}

function structDecl(pkg: 'core' | 'meta', name: string): StructDecl {
  const decl = pkg === 'core' ? corePackage.structs[name] : metaStructs[name];
  if (!decl) throw new Error(`no Go struct ${pkg}.${name} is declared`);
  return decl;
}

/** Parses a declaration's Go type (`[]Container`, `string:RestartPolicy`, `meta.Time`) seen from `pkg`. */
export function parseGoType(text: string, pkg: 'core' | 'meta'): GoType {
  const colon = text.lastIndexOf(':');
  if (colon > 0) {
    const inner = parseGoType(text.slice(0, colon), pkg);
    const named = `v1.${text.slice(colon + 1)}`;
    if (inner.kind === 'slice') return { ...inner, name: `[]${named}`, elem: { ...inner.elem, name: named } as GoType };
    return { ...inner, name: named } as GoType;
  }
  if (text === '[]byte') return { kind: 'bytes', name: '[]uint8' };
  if (text.startsWith('[]')) {
    const elem = parseGoType(text.slice(2), pkg);
    return { kind: 'slice', name: `[]${elem.name}`, elem };
  }
  if (text.startsWith('map[string]')) {
    const elem = parseGoType(text.slice('map[string]'.length), pkg);
    return { kind: 'map', name: `map[string]${elem.name}`, elem };
  }
  const scalar = SCALARS[text];
  if (scalar) return { kind: 'scalar', name: text, scalar };
  if (text === 'Quantity') return { kind: 'special', name: 'resource.Quantity', special: 'Quantity' };
  if (text === 'IntOrString') return { kind: 'special', name: 'intstr.IntOrString', special: 'IntOrString' };
  if (text === 'meta.Time') return { kind: 'special', name: 'v1.Time', special: 'Time' };
  if (text.startsWith('types.')) return { kind: 'scalar', name: text, scalar: 'string' };
  if (text.startsWith('meta.')) return { kind: 'struct', name: `v1.${text.slice(5)}`, pkg: 'meta', struct: text.slice(5) };
  if (text.startsWith('core.')) return { kind: 'struct', name: `v1.${text.slice(5)}`, pkg: 'core', struct: text.slice(5) };
  return { kind: 'struct', name: `v1.${text}`, pkg, struct: text };
}

function goFieldName(structName: string, json: string, type: GoType): string {
  const special = GO_NAMES[`${structName}.${json}`] ?? GO_NAMES[json];
  if (special) return special;
  if (json === 'metadata' && type.kind === 'struct' && type.struct === 'ObjectMeta') return 'ObjectMeta';
  return json.charAt(0).toUpperCase() + json.slice(1);
}

const fieldCache = new Map<string, GoField[]>();

/** The Go fields of a declared struct, in declaration order. */
export function goStructFields(pkg: 'core' | 'meta', name: string): GoField[] {
  const key = `${pkg}.${name}`;
  let fields = fieldCache.get(key);
  if (!fields) {
    fields = structDecl(pkg, name).fields.map((decl: FieldDecl) => {
      const [tag, , typeText] = decl;
      const pointer = tag.startsWith('*');
      const [json = ''] = (pointer ? tag.slice(1) : tag).split(',');
      const base = parseGoType(typeText, pkg);
      if (json === '') return { goName: base.kind === 'struct' ? base.struct : base.name, json, inline: true, type: base };
      const type: GoType = pointer ? { kind: 'pointer', name: `*${base.name}`, elem: base } : base;
      return { goName: goFieldName(name, json, type), json, inline: false, type };
    });
    fieldCache.set(key, fields);
  }
  return fields;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'string') return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

function scalarText(scalar: 'string' | 'int' | 'bool' | 'float', value: unknown): string {
  switch (scalar) {
    case 'string':
      return typeof value === 'string' ? value : '';
    case 'int':
      return String(typeof value === 'number' ? Math.trunc(value) : 0);
    case 'bool':
      return value === true ? 'true' : 'false';
    case 'float':
      return typeof value === 'number' ? goFloat(value) : '0';
  }
}

/** strconv.FormatFloat(v, 'g', -1, 64). */
function goFloat(v: number): string {
  if (Number.isInteger(v) && Math.abs(v) < 1e21) return String(v);
  const exp = v.toExponential();
  const [mantissa, e = '0'] = exp.split('e');
  const n = Number(e);
  if (n < -4 || n >= 21) return `${mantissa}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  return String(v);
}

/** Base64 text of a []byte field, decoded to the numbers spew prints. */
function bytesText(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '<nil>';
  return `[${[...Buffer.from(value, 'base64')].join(' ')}]`;
}

function intOrStringText(value: unknown): string {
  if (typeof value === 'number') return `{Type:(intstr.Type)0 IntVal:(int32)${Math.trunc(value)} StrVal:(string)}`;
  return `{Type:(intstr.Type)1 IntVal:(int32)0 StrVal:(string)${typeof value === 'string' ? value : ''}}`;
}

const ZERO_TIME = '{Time:(time.Time){wall:(uint64)0 ext:(int64)0 loc:(*time.Location)<nil>}}';

function timeText(value: unknown): string {
  // A set time decodes to the local zone, whose Go internals depend on the machine: only the zero
  // time (every template's creationTimestamp) prints the same everywhere.
  if (value === undefined || value === null || value === '') return ZERO_TIME;
  throw new Error(`cannot print the set time ${JSON.stringify(value)} as Go holds it`);
}

/** The value's text, its type in front unless `showType` is false (list items and map values). */
export function goValueText(type: GoType, value: unknown, showType = true): string {
  const prefix = showType ? `(${type.name})` : '';
  switch (type.kind) {
    case 'pointer':
      if (value === undefined || value === null) return showType ? `(${type.name})<nil>` : '<nil>';
      return (showType ? `(${type.name})` : '<*>') + goValueText(type.elem, value, false);
    case 'scalar':
      return prefix + scalarText(type.scalar, value);
    case 'bytes':
      return prefix + bytesText(value);
    case 'slice':
      if (isEmpty(value) || !Array.isArray(value)) return `${prefix}<nil>`;
      return `${prefix}[${value.map((item) => goValueText(type.elem, item, false)).join(' ')}]`;
    case 'map': {
      if (isEmpty(value) || typeof value !== 'object') return `${prefix}<nil>`;
      const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => compareGoStrings(a, b));
      return `${prefix}map[${entries.map(([k, v]) => `${k}:${goValueText(type.elem, v, false)}`).join(' ')}]`;
    }
    case 'special':
      if (type.special === 'Quantity') return prefix + quantityText(value);
      if (type.special === 'IntOrString') return prefix + intOrStringText(value);
      return prefix + timeText(value);
    case 'struct':
      return prefix + structText(type.pkg, type.struct, (value ?? {}) as Record<string, unknown>);
  }
}

function structText(pkg: 'core' | 'meta', name: string, value: Record<string, unknown>): string {
  const parts = goStructFields(pkg, name).map((f) => `${f.goName}:${goValueText(f.type, f.inline ? value : value[f.json])}`);
  return `{${parts.join(' ')}}`;
}

/** Go compares strings byte by byte (UTF-8), not by UTF-16 unit. */
function compareGoStrings(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** `%#v` of a core/v1 struct (PodTemplateSpec, PodSpec, …) given as its JSON. */
export function coreStructText(name: string, value: unknown): string {
  return goValueText({ kind: 'struct', name: `v1.${name}`, pkg: 'core', struct: name }, value);
}

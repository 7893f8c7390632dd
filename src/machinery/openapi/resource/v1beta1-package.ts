// resource.v1beta1's types: resource/v1's structs (package.ts) with the two places where v1beta1
// has another shape. A device keeps its attributes, capacities and the rest under `basic`
// (BasicDevice), and a request carries what v1 moved under `exactly` (class, selectors, mode,
// count, admin access, tolerations, capacity) on itself, beside firstAvailable. Field numbers and
// tags are Kubernetes' (k8s.io/api resource/v1beta1, 1.35); descriptions are our own.
import type { FieldDecl, GoPackage, StructDecl } from '../go-structs.ts';
import { resourcePackage } from './package.ts';

const v1 = resourcePackage.structs;

function asV1beta1(decl: StructDecl): StructDecl {
  return decl.kind ? { ...decl, kind: { ...decl.kind, version: 'v1beta1' } } : decl;
}

/** v1's Device without its name: BasicDevice numbers the same fields from 1. */
const basicDeviceFields: FieldDecl[] = v1.Device!.fields
  .filter((f) => f[0] !== 'name')
  .map((f) => [f[0], f[1] - 1, ...f.slice(2)] as unknown as FieldDecl);

const exact = (json: string) => v1.ExactDeviceRequest!.fields.find((f) => f[0] === json)!;
const withNumber = (f: FieldDecl, n: number): FieldDecl => [f[0], n, ...f.slice(2)] as unknown as FieldDecl;

const reshaped: Record<string, StructDecl> = {
  Device: {
    doc: 'One device a driver offers: its name and, under basic, what describes it.',
    fields: [
      ['name', 1, 'string', 'The device\'s name, unique among the devices of the pool: a DNS label.'],
      ['*basic,omitempty', 2, 'BasicDevice', 'The device\'s attributes, capacities, counters, node selection and taints.'],
    ],
  },
  BasicDevice: {
    doc: 'What describes one device: attributes, capacities, the counters it uses up, where it is reachable and its taints.',
    fields: basicDeviceFields,
  },
  DeviceRequest: {
    doc: 'One request for devices: the class and count asked for on the request itself, or a list of alternatives in order of preference.',
    fields: [
      ['name', 1, 'string', 'The request\'s name (a DNS label), by which containers\' resources.claims and the claim\'s constraints and configuration refer to it.'],
      ['deviceClassName,omitempty', 2, 'string', 'The DeviceClass whose selectors and configuration apply; required unless firstAvailable is given.'],
      withNumber(exact('selectors,omitempty'), 3),
      withNumber(exact('allocationMode,omitempty'), 4),
      withNumber(exact('count,omitempty'), 5),
      withNumber(exact('*adminAccess,omitempty'), 6),
      ['firstAvailable,omitempty', 7, '[]DeviceSubRequest', 'Alternatives tried in order, of which the scheduler picks the first it can satisfy; names unique, at most 8. Not together with the fields above.', { listType: 'atomic' }],
      withNumber(exact('tolerations,omitempty'), 8),
      withNumber(exact('*capacity,omitempty'), 9),
    ],
  },
};

const { ExactDeviceRequest: _exactOnlyInV1, ...shared } = v1;

export const resourceV1beta1Package: GoPackage = {
  prefix: 'io.orch.api.resource.v1beta1',
  goPackage: 'v1beta1',
  structs: Object.fromEntries(Object.entries({ ...shared, ...reshaped }).map(([name, decl]) => [name, asV1beta1(decl)])),
};

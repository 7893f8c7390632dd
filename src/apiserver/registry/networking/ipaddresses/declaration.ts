// networking.orch.io/v1 IPAddress: cluster-scoped, short name ip, no status. Stored under the same
// key the service cluster-IP allocator writes (/registry/networking.orch.io/ipaddresses/<ip>), so
// the addresses services hold are what clients read; those objects are read back in Go's encoding
// (the allocator's empty core group is not written).
import type { IPAddress } from '../../../../api/networking/v1/types.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { goEncoder } from '../../core/go-encoding.ts';
import { IPADDRESS_RESOURCE } from '../../core/services/allocation/ipaddress-object.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration } from '../../resource.ts';
import { ipAddressTable } from './table.ts';
import { validateIPAddress, validateIPAddressUpdate } from './validation.ts';

const DEFINITION = 'io.orch.api.networking.v1.IPAddress';
const encode = goEncoder(DEFINITION, 'v1.IPAddress');

export function ipAddressesDeclaration() {
  return {
    group: 'networking.orch.io',
    version: 'v1',
    kind: 'IPAddress',
    listKind: 'IPAddressList',
    plural: 'ipaddresses',
    singular: 'ipaddress',
    shortNames: ['ip'],
    categories: [],
    namespaced: false,
    storageResource: IPADDRESS_RESOURCE,
    storageVersion: { group: 'networking.orch.io', version: 'v1', kind: 'IPAddress' },
    strategy: validatingStrategy<IPAddress>({ validate: validateIPAddress, validateUpdate: validateIPAddressUpdate, allowCreateOnUpdate: false }),
    schema: kindSchema(DEFINITION),
    toStored: (ip: IPAddress) => ip,
    fromStored: (ip: IPAddress) => {
      const out = cloneJson(ip);
      encode(out);
      return out;
    },
    fieldSet: (ip: IPAddress) => objectMetaFieldSet(ip.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: ipAddressTable(),
    verbs: ALL_VERBS,
    openapiDefinition: DEFINITION,
    protobuf: true,
  } satisfies ResourceDeclaration<IPAddress, IPAddress>;
}

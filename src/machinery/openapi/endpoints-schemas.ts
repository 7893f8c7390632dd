// Definitions of core/v1 Endpoints and ComponentStatus as Kubernetes publishes them (field types,
// list and map types, required fields), in descriptions of our own, with Kubernetes' field
// numbers from k8s.io/api core/v1 generated.proto.
import { CORE_V1, META_V1 } from './names.ts';
import { tag } from './protobuf-extension.ts';
import { int32, object, refArray, refProp, str, type Dialect, type Schema } from './schema-builder.ts';
import { API_VERSION_DOC as apiVersionDoc, KIND_DOC as kindDoc, METADATA_DOC as metadataDoc, listSchema } from './list-schema.ts';

const meta = (n: string) => `${META_V1}.${n}`;
const core = (n: string) => `${CORE_V1}.${n}`;

const ATOMIC = { 'x-kubernetes-list-type': 'atomic' };

const list = (d: Dialect, item: string, kind: string, doc: string): Schema => listSchema(d, { item, group: '', kind, doc });

export function endpointsSchemas(d: Dialect): Record<string, Schema> {
  return {
    [core('EndpointAddress')]: object(
      'One address of an endpoint: an IP, and optionally the host name, node and object behind it.',
      {
        hostname: tag(3, str('The host name of this endpoint.')),
        ip: tag(1, str('The IP of this endpoint; loopback, link-local and multicast addresses are refused.', { default: '' })),
        nodeName: tag(4, str('The node hosting this endpoint, when known.')),
        targetRef: tag(2, refProp(d, core('ObjectReference'), 'The object (usually a pod) that serves at this address.')),
      },
      { required: ['ip'], extra: { 'x-kubernetes-map-type': 'atomic' } },
    ),
    [core('EndpointPort')]: object(
      'A port on which the addresses of a subset serve.',
      {
        appProtocol: tag(4, str('The application protocol spoken on this port, as an IANA service name or a domain-prefixed name.')),
        name: tag(1, str('The name of this port, a DNS label; required when a subset has more than one port.')),
        port: tag(2, { ...int32('The port number, 1 to 65535.'), default: 0 }),
        protocol: tag(3, str('The IP protocol of this port: TCP (the default), UDP or SCTP.', { enum: ['SCTP', 'TCP', 'UDP'] })),
      },
      { required: ['port'], extra: { 'x-kubernetes-map-type': 'atomic' } },
    ),
    [core('EndpointSubset')]: object('Addresses that share a set of ports; the endpoints are every address on every port of its subset.', {
      addresses: tag(1, refArray(d, core('EndpointAddress'), 'Addresses that are ready to serve on the ports.', ATOMIC)),
      notReadyAddresses: tag(2, refArray(d, core('EndpointAddress'), 'Addresses that serve on the ports but are not ready yet, or failed a readiness or liveness check.', ATOMIC)),
      ports: tag(3, refArray(d, core('EndpointPort'), 'The ports the addresses serve on.', ATOMIC)),
    }),
    [core('Endpoints')]: object(
      'Endpoints lists the addresses and ports that implement a service. A legacy API, deprecated in v1.33+: EndpointSlice describes endpoints fully.',
      {
        apiVersion: str(apiVersionDoc),
        kind: str(kindDoc),
        metadata: tag(1, refProp(d, meta('ObjectMeta'), metadataDoc, true)),
        subsets: tag(2, refArray(d, core('EndpointSubset'), 'The endpoints, as the union of every subset: each subset pairs addresses with the ports they share.', ATOMIC)),
      },
      { gvk: [{ group: '', kind: 'Endpoints', version: 'v1' }] },
    ),
    [core('EndpointsList')]: list(d, core('Endpoints'), 'EndpointsList', 'A list of endpoints.'),
    [core('ComponentCondition')]: object(
      'One condition of a component.',
      {
        error: tag(4, str('The error of the check, when it could not be made.')),
        message: tag(3, str('What the check reported.')),
        status: tag(2, str('The condition: True, False or Unknown.', { default: '' })),
        type: tag(1, str('The type of condition; only Healthy is defined.', { default: '' })),
      },
      { required: ['type', 'status'] },
    ),
    [core('ComponentStatus')]: object(
      'ComponentStatus is the health of a control-plane component, as the API server checks it. Deprecated in v1.19+.',
      {
        apiVersion: str(apiVersionDoc),
        conditions: tag(
          2,
          refArray(d, core('ComponentCondition'), 'The conditions observed.', {
            'x-kubernetes-list-map-keys': ['type'],
            'x-kubernetes-list-type': 'map',
            'x-kubernetes-patch-merge-key': 'type',
            'x-kubernetes-patch-strategy': 'merge',
          }),
        ),
        kind: str(kindDoc),
        metadata: tag(1, refProp(d, meta('ObjectMeta'), metadataDoc, true)),
      },
      { gvk: [{ group: '', kind: 'ComponentStatus', version: 'v1' }] },
    ),
    [core('ComponentStatusList')]: list(d, core('ComponentStatus'), 'ComponentStatusList', 'A list of component statuses. Deprecated in v1.19+.'),
  };
}

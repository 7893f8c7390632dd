// discovery.v1's types as Go structs (see ../go-structs.ts): EndpointSlice, a part of the
// endpoints behind a service. Field numbers and tags are Kubernetes' (k8s.io/api discovery/v1);
// descriptions are our own.
import type { GoPackage } from '../go-structs.ts';

export const discoveryPackage: GoPackage = {
  prefix: 'io.orch.api.discovery.v1',
  goPackage: 'v1',
  structs: {
    EndpointSlice: {
      doc: 'EndpointSlice holds some of the endpoints of a service, all of one address type. A service\'s slices carry the label orch.io/service-name with its name; together they are its endpoints.',
      kind: { group: 'discovery.orch.io', version: 'v1', kind: 'EndpointSlice' },
      listDoc: 'A list of endpoint slices.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['addressType', 4, 'string:AddressType', 'The kind of every address of the slice: IPv4, IPv6 or FQDN (deprecated, and given no meaning). Fixed once set.', { enum: ['FQDN', 'IPv4', 'IPv6'] }],
        ['endpoints', 2, '[]Endpoint', 'The endpoints, at most 1000, each listed once.', { listType: 'atomic', optional: true }],
        ['ports', 3, '[]EndpointPort', 'The ports every endpoint serves, each with a unique name. May be empty when the slice is not a service\'s.', { listType: 'atomic', optional: true }],
      ],
    },
    Endpoint: {
      doc: 'One backend of a service.',
      fields: [
        ['addresses', 1, '[]string', 'The endpoint\'s addresses, 1 to 100, of the slice\'s address type; IPs in canonical form. Consumers use the first.', { listType: 'set' }],
        ['conditions,omitempty', 2, 'EndpointConditions', 'Whether the endpoint is ready, serving and terminating.'],
        ['*hostname,omitempty', 3, 'string', 'A DNS label naming the endpoint, e.g. for DNS records; endpoints of the same hostname are interchangeable.'],
        ['*targetRef,omitempty', 4, 'core.ObjectReference', 'The object behind the endpoint, usually a pod.'],
        ['deprecatedTopology,omitempty', 5, 'map[string]string', 'Topology labels of the older API; not written through v1 (a write clears them). Use nodeName and zone.'],
        ['*nodeName,omitempty', 6, 'string', 'The node the endpoint runs on.'],
        ['*zone,omitempty', 7, 'string', 'The zone the endpoint is in.'],
        ['*hints,omitempty', 8, 'EndpointHints', 'Where the endpoint is best consumed from, for topology-aware routing.'],
      ],
    },
    EndpointConditions: {
      doc: 'The state of an endpoint.',
      fields: [
        ['*ready,omitempty', 1, 'bool', 'The endpoint should receive traffic; unset means true. Usually serving and not terminating.'],
        ['*serving,omitempty', 2, 'bool', 'The endpoint can receive traffic (for a pod, its Ready condition), whether or not it is terminating; unset means true.'],
        ['*terminating,omitempty', 3, 'bool', 'The endpoint is shutting down; unset means false.'],
      ],
    },
    EndpointHints: {
      doc: 'Where an endpoint is best consumed from.',
      fields: [
        ['forZones,omitempty', 1, '[]ForZone', 'Zones whose clients should use this endpoint; at most 8.', { listType: 'atomic' }],
        ['forNodes,omitempty', 2, '[]ForNode', 'Nodes whose clients should use this endpoint; at most 8.', { listType: 'atomic' }],
      ],
    },
    ForZone: {
      doc: 'A zone that should consume an endpoint.',
      fields: [['name', 1, 'string', 'The zone\'s name.']],
    },
    ForNode: {
      doc: 'A node that should consume an endpoint.',
      fields: [['name', 1, 'string', 'The node\'s name.']],
    },
    EndpointPort: {
      doc: 'A port the endpoints of a slice serve.',
      atomic: true,
      fields: [
        ['*name,omitempty', 1, 'string', 'The port\'s name, empty or a DNS label, unique in the slice; for a service\'s slice, the service port\'s name. Defaults to empty.'],
        ['*protocol,omitempty', 2, 'string:Protocol', 'The IP protocol: TCP (the default), UDP or SCTP.', { enum: ['SCTP', 'TCP', 'UDP'] }],
        ['*port,omitempty', 3, 'int32', 'The port number on the endpoints; for a service\'s slice, the service\'s target port. May be unset when the slice is not a service\'s.'],
        ['*appProtocol,omitempty', 4, 'string', 'The application protocol spoken on the port, a label-style name: an IANA service name without prefix, a prefixed one of orch.io (orch.io/h2c, orch.io/ws, orch.io/wss) or an implementation\'s own (example.com/custom). A hint for implementations.'],
      ],
    },
  },
};

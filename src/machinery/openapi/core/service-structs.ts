// core/v1 service types as Go structs (see ../go-structs.ts for the notation). Field numbers, tags
// and Go types are Kubernetes' (k8s.io/api core/v1 types.go); descriptions are our own.
import type { StructDecl } from '../go-structs.ts';

const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const TRAFFIC_POLICIES = ['Cluster', 'Local'];

export const serviceStructs: Record<string, StructDecl> = {
  ClientIPConfig: {
    doc: 'Settings of session affinity by client IP.',
    fields: [
      ['*timeoutSeconds,omitempty', 1, 'int32', 'How long, in seconds, a client keeps going to the same endpoint after its last request: more than 0 and at most 86400 (one day). Defaults to 10800 (three hours).'],
    ],
  },
  SessionAffinityConfig: {
    doc: 'Settings of a service\'s session affinity.',
    fields: [['*clientIP,omitempty', 1, 'ClientIPConfig', 'Settings used when sessionAffinity is ClientIP.']],
  },
  ServicePort: {
    doc: 'One port a service exposes and where its traffic goes.',
    fields: [
      ['name,omitempty', 1, 'string', 'The port\'s name, a DNS label unique among the service\'s ports; it matches the name of the corresponding endpoint port. Needed only when the service has more than one port.'],
      ['protocol,omitempty', 2, 'string:Protocol', 'The IP protocol of the port: TCP (the default), UDP or SCTP.', { default: 'TCP', enum: PROTOCOLS }],
      ['*appProtocol,omitempty', 6, 'string', 'The application protocol spoken on the port, a label-style name: an IANA service name without prefix, or a prefixed name such as orch.io/h2c or example.com/custom. A hint for implementations.'],
      ['port', 3, 'int32', 'The port number the service listens on, 1 to 65535.'],
      ['targetPort,omitempty', 4, 'IntOrString', 'The port on the selected pods that traffic is sent to: a number from 1 to 65535 or the name of a container port. Defaults to the value of port; ignored for headless services.'],
      ['nodePort,omitempty', 5, 'int32', 'The port opened on every node for a NodePort or LoadBalancer service. Picked by the system when unset; a value given must be free and within the node port range. Cleared when the service no longer needs it.'],
    ],
  },
  ServiceSpec: {
    doc: 'What a service is: its ports, the pods it selects and how it is reached.',
    fields: [
      ['ports,omitempty', 1, '[]ServicePort', 'The ports the service exposes, unique by port and protocol.', { listType: 'map', listMapKeys: ['port', 'protocol'], patchStrategy: 'merge', patchMergeKey: 'port' }],
      ['selector,omitempty', 2, 'map[string]string', 'Labels of the pods traffic is sent to. Without it the service\'s endpoints are managed by something else. Ignored for ExternalName services.', { mapType: 'atomic' }],
      ['clusterIP,omitempty', 3, 'string', 'The service\'s virtual IP address inside the cluster, usually picked by the system; an address given must be free and in the service range. "None" makes a headless service without one. Fixed once set, except that a change to type ExternalName clears it. Not allowed on ExternalName services.'],
      ['clusterIPs,omitempty', 18, '[]string', 'The service\'s cluster IP addresses, at most one per IP family, the first equal to clusterIP. Same rules as clusterIP; must match ipFamilies.', { listType: 'atomic' }],
      ['type,omitempty', 4, 'string:ServiceType', 'How the service is reached: ClusterIP (the default; a virtual IP inside the cluster), NodePort (also a port on every node), LoadBalancer (also an external load balancer) or ExternalName (a DNS alias for externalName, nothing proxied).', { enum: ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'] }],
      ['externalIPs,omitempty', 5, '[]string', 'Further addresses the cluster\'s nodes accept the service\'s traffic on. Routing that traffic to a node is up to whoever owns the addresses.', { listType: 'atomic' }],
      ['sessionAffinity,omitempty', 7, 'string:ServiceAffinity', 'Whether a client keeps going to the same endpoint: None (the default) or ClientIP.', { enum: ['ClientIP', 'None'] }],
      ['loadBalancerIP,omitempty', 8, 'string', 'The address asked of the load balancer, for LoadBalancer services, where the provider supports it. Deprecated: its meaning differs between implementations.'],
      ['loadBalancerSourceRanges,omitempty', 9, '[]string', 'CIDRs of the clients a provider\'s load balancer lets in, where supported.', { listType: 'atomic' }],
      ['externalName,omitempty', 10, 'string', 'The DNS name an ExternalName service is an alias of: a lowercase RFC 1123 subdomain. Required for and only used by type ExternalName.'],
      ['externalTrafficPolicy,omitempty', 11, 'string:ServiceExternalTrafficPolicy', 'How nodes route traffic arriving on the service\'s external addresses (node ports, external IPs, load balancer IPs): Cluster (the default; to any endpoint) or Local (only to endpoints on the receiving node, keeping the client address).', { enum: TRAFFIC_POLICIES }],
      ['healthCheckNodePort,omitempty', 12, 'int32', 'The node port load balancers probe to learn whether a node has local endpoints; only for LoadBalancer services with externalTrafficPolicy Local. Picked by the system when unset; fixed once set.'],
      ['publishNotReadyAddresses,omitempty', 13, 'bool', 'Treat every endpoint as ready, whatever its pod reports; mostly for headless services whose peers must find each other before they are ready.'],
      ['*sessionAffinityConfig,omitempty', 14, 'SessionAffinityConfig', 'Settings of session affinity.'],
      ['ipFamilies,omitempty', 19, '[]string:IPFamily', 'The IP families (IPv4, IPv6) of the service, at most two, usually filled in from the cluster\'s configuration and ipFamilyPolicy. A secondary family may be added or removed; the primary one is fixed. Cleared for ExternalName services.', { listType: 'atomic' }],
      ['*ipFamilyPolicy,omitempty', 17, 'string:IPFamilyPolicy', 'How many IP families the service wants: SingleStack (the default), PreferDualStack or RequireDualStack. Cleared for ExternalName services.', { enum: ['PreferDualStack', 'RequireDualStack', 'SingleStack'] }],
      ['*allocateLoadBalancerNodePorts,omitempty', 20, 'bool', 'Whether a LoadBalancer service gets node ports picked for it; defaults to true. Node ports asked for explicitly are kept either way. Only for LoadBalancer services.'],
      ['*loadBalancerClass,omitempty', 21, 'string', 'The load balancer implementation that serves the service, a label-style name with an optional prefix; unset means the default one. Only for LoadBalancer services; fixed once set.'],
      ['*internalTrafficPolicy,omitempty', 22, 'string:ServiceInternalTrafficPolicy', 'How nodes route traffic sent to the cluster IP: Cluster (the default; to any endpoint) or Local (only to endpoints on the client\'s node).', { enum: TRAFFIC_POLICIES }],
      ['*trafficDistribution,omitempty', 23, 'string', 'A preference for where traffic goes, which implementations may follow: PreferSameZone, PreferSameNode, or PreferClose (the old name of PreferSameZone).'],
    ],
  },
  PortStatus: {
    doc: 'A problem with one port of a service.',
    fields: [
      ['port', 1, 'int32', 'The number of the service port.'],
      ['protocol', 2, 'string:Protocol', 'The protocol of the service port: TCP, UDP or SCTP.', { enum: PROTOCOLS }],
      ['*error,omitempty', 3, 'string', 'The problem, a CamelCase word (e.g. MixedProtocolNotSupported), prefixed by a DNS subdomain for provider-specific ones.'],
    ],
  },
  LoadBalancerIngress: {
    doc: 'One address of a load balancer that the service\'s traffic should be sent to.',
    fields: [
      ['ip,omitempty', 1, 'string', 'The address, for load balancers reached by IP.'],
      ['hostname,omitempty', 2, 'string', 'The DNS name, for load balancers reached by name.'],
      ['*ipMode,omitempty', 3, 'string:LoadBalancerIPMode', 'How traffic to ip reaches the nodes: VIP (still addressed to the load balancer\'s IP and port) or Proxy (readdressed to a node or pod). Only with ip.'],
      ['ports,omitempty', 4, '[]PortStatus', 'Problems with the service\'s ports; when used, one entry per port.', { listType: 'atomic' }],
    ],
  },
  LoadBalancerStatus: {
    doc: 'The state of a service\'s load balancer.',
    fields: [['ingress,omitempty', 1, '[]LoadBalancerIngress', 'The load balancer\'s addresses, to which the service\'s traffic should be sent.', { listType: 'atomic' }]],
  },
  ServiceStatus: {
    doc: 'The observed state of a service.',
    fields: [
      ['loadBalancer,omitempty', 1, 'LoadBalancerStatus', 'The state of the load balancer, when there is one.'],
      ['conditions,omitempty', 2, '[]meta.Condition', 'The service\'s current conditions, one per type.', { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }],
    ],
  },
  Service: {
    doc: 'Service gives a set of pods, chosen by labels, one stable name and address and the ports clients reach them on.',
    kind: { group: '', version: 'v1', kind: 'Service' },
    listDoc: 'A list of services.',
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
      ['spec,omitempty', 2, 'ServiceSpec', 'What the service is.'],
      ['status,omitempty', 3, 'ServiceStatus', 'The observed state of the service; changed only through /status.'],
    ],
  },
};

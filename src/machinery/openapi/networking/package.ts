// networking.v1's types as Go structs (see ../go-structs.ts): NetworkPolicy, Ingress, IngressClass,
// IPAddress and ServiceCIDR. Field numbers and tags are Kubernetes' (k8s.io/api networking/v1);
// descriptions are our own.
import type { GoPackage } from '../go-structs.ts';

const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];

export const networkingPackage: GoPackage = {
  prefix: 'io.orch.api.networking.v1',
  goPackage: 'v1',
  structs: {
    NetworkPolicy: {
      doc: 'NetworkPolicy says which traffic may reach, and leave, the pods it selects in its namespace.',
      kind: { group: 'networking.orch.io', version: 'v1', kind: 'NetworkPolicy' },
      listDoc: 'A list of network policies.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec,omitempty', 2, 'NetworkPolicySpec', 'The pods the policy applies to and the traffic it allows.'],
      ],
    },
    NetworkPolicySpec: {
      doc: 'The pods a network policy selects and the rules for their traffic.',
      fields: [
        ['podSelector', 1, 'meta.LabelSelector', 'The pods of the policy\'s namespace the policy applies to; an empty selector selects every pod of the namespace.', { optional: true }],
        ['ingress,omitempty', 2, '[]NetworkPolicyIngressRule', 'Incoming traffic the selected pods accept: traffic matching any rule of any policy selecting the pod. An empty list accepts none, isolating the pods.', { listType: 'atomic' }],
        ['egress,omitempty', 3, '[]NetworkPolicyEgressRule', 'Outgoing traffic the selected pods may send: traffic matching any rule of any policy selecting the pod. An empty list allows none.', { listType: 'atomic' }],
        ['policyTypes,omitempty', 4, '[]string:PolicyType', 'Which directions the policy governs: Ingress, Egress or both. Defaults to Ingress, plus Egress when egress rules are given; an egress-only policy must say so.', { listType: 'atomic', enum: ['Egress', 'Ingress'] }],
      ],
    },
    NetworkPolicyIngressRule: {
      doc: 'Traffic allowed into the selected pods: it must match both the ports and the sources.',
      fields: [
        ['ports,omitempty', 1, '[]NetworkPolicyPort', 'Destination ports on the selected pods, any of which matches; empty or absent matches every port.', { listType: 'atomic' }],
        ['from,omitempty', 2, '[]NetworkPolicyPeer', 'Sources allowed, any of which matches; empty or absent matches every source.', { listType: 'atomic' }],
      ],
    },
    NetworkPolicyEgressRule: {
      doc: 'Traffic allowed out of the selected pods: it must match both the ports and the destinations.',
      fields: [
        ['ports,omitempty', 1, '[]NetworkPolicyPort', 'Destination ports, any of which matches; empty or absent matches every port.', { listType: 'atomic' }],
        ['to,omitempty', 2, '[]NetworkPolicyPeer', 'Destinations allowed, any of which matches; empty or absent matches every destination.', { listType: 'atomic' }],
      ],
    },
    NetworkPolicyPort: {
      doc: 'A port, or range of ports, traffic is allowed on.',
      fields: [
        ['*protocol,omitempty', 1, 'string:Protocol', 'The protocol the traffic must use: TCP (the default), UDP or SCTP.', { enum: PROTOCOLS }],
        ['*port,omitempty', 2, 'IntOrString', 'The port, by number or by the name of a pod\'s port; absent matches every port.'],
        ['*endPort,omitempty', 3, 'int32', 'With a numeric port, the last port of an inclusive range starting at port; not less than port. Not allowed with a named port or without port.'],
      ],
    },
    IPBlock: {
      doc: 'A range of addresses in CIDR notation, less some sub-ranges, that traffic may come from or go to.',
      fields: [
        ['cidr', 1, 'string', 'The range, e.g. 192.168.1.0/24 or 2001:db8::/64.', { required: true }],
        ['except,omitempty', 2, '[]string', 'Sub-ranges of cidr left out, in CIDR notation; each must lie strictly within cidr.', { listType: 'atomic' }],
      ],
    },
    NetworkPolicyPeer: {
      doc: 'A source or destination of traffic: pods by label (in the policy\'s namespace or in namespaces selected by label), or a block of addresses.',
      fields: [
        ['*podSelector,omitempty', 1, 'meta.LabelSelector', 'Pods selected by label, in the policy\'s namespace or, with namespaceSelector, in the namespaces it selects. Empty selects every pod.'],
        ['*namespaceSelector,omitempty', 2, 'meta.LabelSelector', 'Namespaces selected by label: all their pods, or with podSelector those it selects. Empty selects every namespace.'],
        ['*ipBlock,omitempty', 3, 'IPBlock', 'A block of addresses; when set, neither selector may be.'],
      ],
    },
    Ingress: {
      doc: 'Ingress routes HTTP(S) traffic from outside the cluster to services, by host name and path, and may terminate TLS. An ingress controller carries the routes out.',
      kind: { group: 'networking.orch.io', version: 'v1', kind: 'Ingress' },
      listDoc: 'A list of ingresses.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec,omitempty', 2, 'IngressSpec', 'The routes and TLS settings asked for.'],
        ['status,omitempty', 3, 'IngressStatus', 'Where the ingress is reachable, as its controller reports it; written through /status.'],
      ],
    },
    IngressSpec: {
      doc: 'The routes of an ingress, its default backend, its TLS settings and its class.',
      fields: [
        ['*ingressClassName,omitempty', 4, 'string', 'The IngressClass whose controller serves this ingress. When unset, the class marked as default is filled in at creation, if there is one.'],
        ['*defaultBackend,omitempty', 1, 'IngressBackend', 'Where requests matching no rule go; required when there are no rules. When unset the controller decides.'],
        ['tls,omitempty', 2, '[]IngressTLS', 'TLS settings, all served on port 443; several entries for different hosts are told apart by SNI.', { listType: 'atomic' }],
        ['rules,omitempty', 3, '[]IngressRule', 'Routes by host and path; requests matching none go to the default backend.', { listType: 'atomic' }],
      ],
    },
    IngressTLS: {
      doc: 'TLS for a set of hosts, with the certificate from a secret.',
      fields: [
        ['hosts,omitempty', 1, '[]string', 'The host names the certificate covers; when absent, the controller\'s wildcard host.', { listType: 'atomic' }],
        ['secretName,omitempty', 2, 'string', 'The secret of the same namespace holding the certificate and key. Optional, so that routing may rest on SNI alone.'],
      ],
    },
    IngressStatus: {
      doc: 'Where an ingress is reachable.',
      fields: [['loadBalancer,omitempty', 1, 'IngressLoadBalancerStatus', 'The load balancer\'s ingress points.']],
    },
    IngressLoadBalancerStatus: {
      doc: 'The ingress points of a load balancer.',
      fields: [['ingress,omitempty', 1, '[]IngressLoadBalancerIngress', 'The points traffic enters through.', { listType: 'atomic' }]],
    },
    IngressLoadBalancerIngress: {
      doc: 'One point traffic enters a load balancer through: an address or a DNS name.',
      fields: [
        ['ip,omitempty', 1, 'string', 'The address, for load balancers reached by IP.'],
        ['hostname,omitempty', 2, 'string', 'The DNS name, for load balancers reached by name.'],
        ['ports,omitempty', 4, '[]IngressPortStatus', 'The ports the load balancer exposes, with their problems.', { listType: 'atomic' }],
      ],
    },
    IngressPortStatus: {
      doc: 'The state of one port of a load balancer.',
      fields: [
        ['port', 1, 'int32', 'The port number.'],
        ['protocol', 2, 'string:Protocol', 'The port\'s protocol: TCP, UDP or SCTP.', { enum: PROTOCOLS }],
        ['*error,omitempty', 3, 'string', 'The problem with the port, a CamelCase word, prefixed by a DNS subdomain for provider-specific ones (e.g. example.com/CamelCase).'],
      ],
    },
    IngressRule: {
      doc: 'The routes of one host: requests are matched by host first, then by path.',
      fields: [
        ['host,omitempty', 1, 'string', 'The host name requests must carry: a DNS name without a trailing dot and without port, e.g. shop.example, or a wildcard name whose first label alone is *, e.g. *.example (matching exactly one label). Not an IP address. Empty matches every host.'],
        [',inline', 2, 'IngressRuleValue', ''],
      ],
    },
    IngressRuleValue: {
      doc: 'How requests matching a rule\'s host are routed; HTTP is the only kind.',
      inlineOnly: true,
      fields: [['*http,omitempty', 1, 'HTTPIngressRuleValue', 'Routes by HTTP path.']],
    },
    HTTPIngressRuleValue: {
      doc: 'Routes by the path of HTTP requests.',
      fields: [['paths', 1, '[]HTTPIngressPath', 'The paths and the backends they go to.', { listType: 'atomic' }]],
    },
    HTTPIngressPath: {
      doc: 'A path and the backend its requests go to.',
      fields: [
        ['path,omitempty', 1, 'string', 'The path requests are matched against; must start with "/", and is required for the Exact and Prefix path types.'],
        ['*pathType', 3, 'string:PathType', 'How path is matched: Exact (the whole path, case-sensitively), Prefix (element by element on "/"; the longest match wins) or ImplementationSpecific (as the ingress class decides). Required.', { enum: ['Exact', 'ImplementationSpecific', 'Prefix'] }],
        ['backend', 2, 'IngressBackend', 'Where matching requests go.'],
      ],
    },
    IngressBackend: {
      doc: 'Where requests go: a service port, or another resource of the ingress\'s namespace; exactly one of the two.',
      fields: [
        ['*service,omitempty', 4, 'IngressServiceBackend', 'A service of the ingress\'s namespace and one of its ports.'],
        ['*resource,omitempty', 3, 'core.TypedLocalObjectReference', 'Another object of the ingress\'s namespace, e.g. a bucket for static content.'],
      ],
    },
    IngressServiceBackend: {
      doc: 'A service of the ingress\'s namespace and one of its ports.',
      fields: [
        ['name', 1, 'string', 'The service\'s name.'],
        ['port,omitempty', 2, 'ServiceBackendPort', 'The service\'s port, by name or by number.'],
      ],
    },
    ServiceBackendPort: {
      doc: 'A port of a service, by name or by number: exactly one of the two.',
      atomic: true,
      fields: [
        ['name,omitempty', 1, 'string', 'The port\'s name in the service.'],
        ['number,omitempty', 2, 'int32', 'The port\'s number in the service, 1 to 65535.'],
      ],
    },
    IngressClass: {
      doc: 'IngressClass names a kind of ingress and the controller that serves it. The class annotated ingressclass.orch.io/is-default-class: "true" is given to new ingresses that name none.',
      kind: { group: 'networking.orch.io', version: 'v1', kind: 'IngressClass' },
      listDoc: 'A list of ingress classes.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec,omitempty', 2, 'IngressClassSpec', 'The controller of the class and its parameters.'],
      ],
    },
    IngressClassSpec: {
      doc: 'The controller that serves a class of ingresses, and its settings.',
      fields: [
        ['controller,omitempty', 1, 'string', 'The controller serving the class, as a domain-prefixed path of at most 250 characters, e.g. example.com/ingress-controller. Several classes may name one controller with different parameters. Fixed once set.'],
        ['*parameters,omitempty', 2, 'IngressClassParametersReference', 'An object holding the controller\'s settings for this class, when it needs any.'],
      ],
    },
    IngressClassParametersReference: {
      doc: 'A reference to an object of any kind, cluster-scoped or in a namespace.',
      fields: [
        ['*apiGroup,omitempty', 1, 'string', 'The object\'s API group; the core group when unset.'],
        ['kind', 2, 'string', 'The object\'s kind.', { required: true }],
        ['name', 3, 'string', 'The object\'s name.', { required: true }],
        ['*scope', 4, 'string', 'Whether the object is cluster-scoped (Cluster, the default) or in a namespace (Namespace).', { optional: true }],
        ['*namespace,omitempty', 5, 'string', 'The object\'s namespace: required when scope is Namespace, not allowed when it is Cluster.'],
      ],
    },
    IPAddress: {
      doc: 'IPAddress records that one IP address is taken, and by what (a service\'s cluster IP). Its name is the address in canonical form (e.g. 10.96.0.10 or 2001:db8::1), which keeps each address unique.',
      kind: { group: 'networking.orch.io', version: 'v1', kind: 'IPAddress' },
      listDoc: 'A list of IP addresses.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata; the name is the address.'],
        ['spec,omitempty', 2, 'IPAddressSpec', 'What holds the address.', { required: true }],
      ],
    },
    IPAddressSpec: {
      doc: 'What an IP address is given to.',
      fields: [['*parentRef,omitempty', 1, 'ParentReference', 'The object holding the address. Required; fixed once set.', { required: true }]],
    },
    ParentReference: {
      doc: 'A reference to an object by group, resource, namespace and name.',
      fields: [
        ['group,omitempty', 1, 'string', 'The object\'s API group; empty for the core group.'],
        ['resource,omitempty', 2, 'string', 'The object\'s resource, e.g. services.', { required: true }],
        ['namespace,omitempty', 3, 'string', 'The object\'s namespace; empty for cluster-scoped objects.'],
        ['name,omitempty', 4, 'string', 'The object\'s name.', { required: true }],
      ],
    },
    ServiceCIDR: {
      doc: 'ServiceCIDR is a range of addresses, in CIDR notation, that services\' cluster IPs are taken from.',
      kind: { group: 'networking.orch.io', version: 'v1', kind: 'ServiceCIDR' },
      listDoc: 'A list of service CIDRs.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec,omitempty', 2, 'ServiceCIDRSpec', 'The ranges.'],
        ['status,omitempty', 3, 'ServiceCIDRStatus', 'Whether the ranges are in use; written through /status.'],
      ],
    },
    ServiceCIDRSpec: {
      doc: 'The ranges of a ServiceCIDR.',
      fields: [
        ['cidrs,omitempty', 1, '[]string', 'One or two ranges in CIDR notation (e.g. 10.96.0.0/16 or 2001:db8::/64), at most one per IP family. A second family may be added; otherwise fixed once set.', { listType: 'atomic' }],
      ],
    },
    ServiceCIDRStatus: {
      doc: 'The state of a ServiceCIDR.',
      fields: [
        ['conditions,omitempty', 1, '[]meta.Condition', 'The ServiceCIDR\'s conditions, one per type; Ready says its addresses may be given out.', { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }],
      ],
    },
  },
};

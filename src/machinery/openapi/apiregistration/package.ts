// apiregistration/v1's types as Go structs (see ../go-structs.ts): APIService, which says which
// server answers one API group-version, this one or another reached through a Service. Field
// numbers and tags are Kubernetes' (k8s.io/kube-aggregator apis/apiregistration/v1); descriptions
// are our own. Protobuf number 6 of APIServiceSpec is unused (a field Kubernetes removed).
import type { GoPackage } from '../go-structs.ts';

export const apiregistrationPackage: GoPackage = {
  prefix: 'io.orch.kube-aggregator.pkg.apis.apiregistration.v1',
  goPackage: 'v1',
  structs: {
    ServiceReference: {
      doc: 'The Service in front of the server that answers a group-version.',
      fields: [
        ['namespace,omitempty', 1, 'string', 'Namespace of the service.'],
        ['name,omitempty', 2, 'string', 'Name of the service.'],
        ['*port,omitempty', 3, 'int32', 'Port of the service the server listens behind, 1 to 65535; 443 when not given.'],
      ],
    },
    APIServiceSpec: {
      doc: 'Where a group-version is served and how the connection to its server is secured. Only HTTPS is spoken.',
      fields: [
        ['*service', 1, 'ServiceReference', 'The service of the server that answers the group-version; unset when this server answers it itself (a local APIService).', { optional: true }],
        ['group,omitempty', 2, 'string', 'The API group served; empty only for the core group\'s v1.'],
        ['version,omitempty', 3, 'string', 'The API version served, e.g. v1.'],
        ['insecureSkipTLSVerify,omitempty', 4, 'bool', 'Do not verify the serving certificate of the server. Not with caBundle; caBundle is the safe choice.'],
        ['caBundle,omitempty', 5, '[]byte', 'PEM certificate authorities that verify the serving certificate of the server (base64 in JSON and YAML). Local APIServices have none.'],
        ['groupPriorityMinimum', 7, 'int32', 'The least priority of the group, 1 to 20000: groups are listed in discovery highest first, then by name. Another version of the group may raise it.'],
        ['versionPriority', 8, 'int32', 'The order of this version within its group, 1 to 1000, highest first; equal priorities are ordered as Kubernetes orders version names (v2 before v1 before v1beta1).'],
      ],
    },
    APIServiceCondition: {
      doc: 'One observation of an APIService\'s state.',
      fields: [
        ['type', 1, 'string:APIServiceConditionType', 'The kind of condition; Available says the server answers.'],
        ['status', 2, 'string:ConditionStatus', 'True, False or Unknown.'],
        ['lastTransitionTime,omitempty', 3, 'meta.Time', 'When the status last changed.'],
        ['reason,omitempty', 4, 'string', 'One CamelCase word saying why the status last changed (Local, Passed, ServiceNotFound, FailedDiscoveryCheck, …).'],
        ['message,omitempty', 5, 'string', 'The reason explained for people.'],
      ],
    },
    APIServiceStatus: {
      doc: 'What the server last observed of an APIService.',
      fields: [
        ['conditions,omitempty', 1, '[]APIServiceCondition', 'The conditions, one per type.', { patchStrategy: 'merge', patchMergeKey: 'type' }],
      ],
    },
    APIService: {
      doc: 'APIService names the server that answers one API group-version: this server, or another reached through a Service, to which requests are passed on. Its name is <version>.<group>.',
      kind: { group: 'apiregistration.orch.io', version: 'v1', kind: 'APIService' },
      listDoc: 'A list of APIServices.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata; the name is <version>.<group>.'],
        ['spec,omitempty', 2, 'APIServiceSpec', 'Where the group-version is served.'],
        ['status,omitempty', 3, 'APIServiceStatus', 'Whether its server answers; written through /status.'],
      ],
    },
  },
};

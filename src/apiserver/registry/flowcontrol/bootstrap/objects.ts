// The bootstrap configuration of Kubernetes 1.35 (mandatory: exempt and catch-all; suggested: the
// rest), brand swapped: orch-system for kube-system, orch-controller-manager and orch-scheduler
// for their kube- names, coordination.orch.io for coordination.k8s.io.
import type {
  FlowDistinguisherMethodType,
  FlowSchema,
  FlowSubject,
  NonResourcePolicyRule,
  PolicyRulesWithSubjects,
  PriorityLevelConfiguration,
  ResourcePolicyRule,
} from '../../../../api/flowcontrol/v1/types.ts';
import { AUTOUPDATE_ANNOTATION, FLOWCONTROL_GROUP, FLOWCONTROL_VERSION } from '../../../../api/flowcontrol/v1/types.ts';

const API_VERSION = `${FLOWCONTROL_GROUP}/${FLOWCONTROL_VERSION}`;
const SYSTEM_NAMESPACE = 'orch-system';
const CONTROLLER_MANAGER_USER = 'system:orch-controller-manager';
const SCHEDULER_USER = 'system:orch-scheduler';
const COORDINATION_GROUP = 'coordination.orch.io';

function meta(name: string) {
  return { name, annotations: { [AUTOUPDATE_ANNOTATION]: 'true' } };
}

function exemptLevel(): PriorityLevelConfiguration {
  return { apiVersion: API_VERSION, kind: 'PriorityLevelConfiguration', metadata: meta('exempt'), spec: { type: 'Exempt', exempt: { nominalConcurrencyShares: 0, lendablePercent: 0 } } };
}

function queuingLevel(name: string, shares: number, lendablePercent: number, queues: number, handSize: number): PriorityLevelConfiguration {
  return {
    apiVersion: API_VERSION,
    kind: 'PriorityLevelConfiguration',
    metadata: meta(name),
    spec: {
      type: 'Limited',
      limited: { nominalConcurrencyShares: shares, lendablePercent, limitResponse: { type: 'Queue', queuing: { queues, handSize, queueLengthLimit: 50 } } },
    },
  };
}

const users = (...names: string[]): FlowSubject[] => names.map((name) => ({ kind: 'User', user: { name } }));
const groups = (...names: string[]): FlowSubject[] => names.map((name) => ({ kind: 'Group', group: { name } }));
const systemServiceAccounts = (...names: string[]): FlowSubject[] => names.map((name) => ({ kind: 'ServiceAccount', serviceAccount: { namespace: SYSTEM_NAMESPACE, name } }));

function resourceRule(verbs: string[], apiGroups: string[], resources: string[], namespaces: string[], clusterScope: boolean): ResourcePolicyRule {
  return { verbs, apiGroups, resources, namespaces, clusterScope };
}

const everyResource = (): ResourcePolicyRule => resourceRule(['*'], ['*'], ['*'], ['*'], true);
const everyNonResource = (): NonResourcePolicyRule => ({ verbs: ['*'], nonResourceURLs: ['*'] });
const everything = (subjects: FlowSubject[]): PolicyRulesWithSubjects => ({ subjects, resourceRules: [everyResource()], nonResourceRules: [everyNonResource()] });

function flowSchema(name: string, level: string, precedence: number, distinguisher: FlowDistinguisherMethodType | undefined, ...rules: PolicyRulesWithSubjects[]): FlowSchema {
  return {
    apiVersion: API_VERSION,
    kind: 'FlowSchema',
    metadata: meta(name),
    spec: {
      priorityLevelConfiguration: { name: level },
      matchingPrecedence: precedence,
      ...(distinguisher ? { distinguisherMethod: { type: distinguisher } } : {}),
      rules,
    },
  };
}

export function mandatoryPriorityLevels(): PriorityLevelConfiguration[] {
  return [
    exemptLevel(),
    {
      apiVersion: API_VERSION,
      kind: 'PriorityLevelConfiguration',
      metadata: meta('catch-all'),
      spec: { type: 'Limited', limited: { nominalConcurrencyShares: 5, lendablePercent: 0, limitResponse: { type: 'Reject' } } },
    },
  ];
}

export function mandatoryFlowSchemas(): FlowSchema[] {
  return [
    flowSchema('exempt', 'exempt', 1, undefined, everything(groups('system:masters'))),
    flowSchema('catch-all', 'catch-all', 10000, 'ByUser', everything(groups('system:unauthenticated', 'system:authenticated'))),
  ];
}

export function suggestedPriorityLevels(): PriorityLevelConfiguration[] {
  return [
    queuingLevel('system', 30, 33, 64, 6),
    queuingLevel('node-high', 40, 25, 64, 6),
    queuingLevel('leader-election', 10, 0, 16, 4),
    queuingLevel('workload-high', 40, 50, 128, 6),
    queuingLevel('workload-low', 100, 90, 128, 6),
    queuingLevel('global-default', 20, 50, 128, 6),
  ];
}

export function suggestedFlowSchemas(): FlowSchema[] {
  const leaseRule = (verbs: string[]) => resourceRule(verbs, [COORDINATION_GROUP], ['leases'], ['*'], false);
  return [
    flowSchema('system-nodes', 'system', 500, 'ByUser', everything(groups('system:nodes'))),
    flowSchema('system-node-high', 'node-high', 400, 'ByUser', {
      subjects: groups('system:nodes'),
      resourceRules: [resourceRule(['*'], [''], ['nodes', 'nodes/status'], ['*'], true), leaseRule(['*'])],
    }),
    flowSchema('probes', 'exempt', 2, undefined, {
      subjects: groups('system:unauthenticated', 'system:authenticated'),
      nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/readyz', '/livez'] }],
    }),
    flowSchema('system-leader-election', 'leader-election', 100, 'ByUser', {
      subjects: [...users(CONTROLLER_MANAGER_USER, SCHEDULER_USER), ...systemServiceAccounts('*')],
      resourceRules: [leaseRule(['get', 'create', 'update'])],
    }),
    flowSchema('endpoint-controller', 'workload-high', 150, 'ByUser', {
      subjects: [...users(CONTROLLER_MANAGER_USER), ...systemServiceAccounts('endpoint-controller', 'endpointslicemirroring-controller')],
      resourceRules: [resourceRule(['get', 'create', 'update'], [''], ['endpoints'], ['*'], false)],
    }),
    flowSchema('workload-leader-election', 'leader-election', 200, 'ByUser', { subjects: systemServiceAccounts('*'), resourceRules: [leaseRule(['get', 'create', 'update'])] }),
    flowSchema('orch-controller-manager', 'workload-high', 800, 'ByNamespace', everything(users(CONTROLLER_MANAGER_USER))),
    flowSchema('orch-scheduler', 'workload-high', 800, 'ByNamespace', everything(users(SCHEDULER_USER))),
    flowSchema('orch-system-service-accounts', 'workload-high', 900, 'ByNamespace', everything(systemServiceAccounts('*'))),
    flowSchema('service-accounts', 'workload-low', 9000, 'ByUser', everything(groups('system:serviceaccounts'))),
    flowSchema('global-default', 'global-default', 9900, 'ByUser', everything(groups('system:unauthenticated', 'system:authenticated'))),
  ];
}

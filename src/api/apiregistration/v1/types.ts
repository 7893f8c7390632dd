// apiregistration.orch.io/v1 APIService as JSON on the wire (Kubernetes' apiregistration.k8s.io/v1,
// brand swapped): which server answers one API group-version.
import type { ObjectMeta } from '../../meta/v1/types.ts';

export const APIREGISTRATION_GROUP = 'apiregistration.orch.io';
export const APIREGISTRATION_VERSION = 'v1';

/** The label the server puts on the APIServices it keeps itself; its value says how (below). */
export const AUTOMANAGED_LABEL = 'kube-aggregator.orch.io/automanaged';
/** Kept while the server runs, from the group-versions it serves at start. */
export const AUTOMANAGED_ON_START = 'onstart';
/** Kept while the group-version is served (a CustomResourceDefinition's versions). */
export const AUTOMANAGED_TRUE = 'true';

/** The port of a service when an APIService names none. */
export const DEFAULT_SERVICE_PORT = 443;

export interface ServiceReference {
  namespace?: string;
  name?: string;
  port?: number;
}

export interface APIServiceSpec {
  service?: ServiceReference | null;
  group?: string;
  version?: string;
  insecureSkipTLSVerify?: boolean;
  /** Base64 of PEM certificates. */
  caBundle?: string;
  groupPriorityMinimum: number;
  versionPriority: number;
}

export interface APIServiceCondition {
  type: string;
  /** True, False or Unknown. */
  status: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface APIServiceStatus {
  conditions?: APIServiceCondition[];
}

export interface APIService {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: APIServiceSpec;
  status?: APIServiceStatus;
  [field: string]: unknown;
}

/** The Available condition of an APIService, if it has one. */
export function availableCondition(api: APIService): APIServiceCondition | undefined {
  return api.status?.conditions?.find((c) => c.type === 'Available');
}

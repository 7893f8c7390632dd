// networking.orch.io/v1 objects as JSON on the wire: NetworkPolicy, Ingress, IngressClass,
// IPAddress and ServiceCIDR. Optional where Go writes omitempty or a pointer.
import type { LabelSelector, ObjectMeta } from '../../meta/v1/types.ts';
import type { TypedLocalObjectReference } from '../../core/v1/volume-types.ts';

/** A number or a port's name (intstr.IntOrString). */
export type IntOrString = number | string;

export interface NetworkPolicyPort {
  protocol?: string;
  port?: IntOrString;
  endPort?: number;
}

export interface IPBlock {
  cidr: string;
  except?: string[];
}

export interface NetworkPolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: IPBlock;
}

export interface NetworkPolicyIngressRule {
  ports?: NetworkPolicyPort[];
  from?: NetworkPolicyPeer[];
}

export interface NetworkPolicyEgressRule {
  ports?: NetworkPolicyPort[];
  to?: NetworkPolicyPeer[];
}

export interface NetworkPolicySpec {
  podSelector?: LabelSelector;
  ingress?: NetworkPolicyIngressRule[];
  egress?: NetworkPolicyEgressRule[];
  policyTypes?: string[];
}

export interface NetworkPolicy {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: NetworkPolicySpec;
  [field: string]: unknown;
}

export interface ServiceBackendPort {
  name?: string;
  number?: number;
}

export interface IngressServiceBackend {
  name: string;
  port?: ServiceBackendPort;
}

export interface IngressBackend {
  service?: IngressServiceBackend;
  resource?: TypedLocalObjectReference;
}

export interface HTTPIngressPath {
  path?: string;
  pathType?: string;
  backend: IngressBackend;
}

export interface HTTPIngressRuleValue {
  paths: HTTPIngressPath[];
}

export interface IngressRule {
  host?: string;
  http?: HTTPIngressRuleValue;
}

export interface IngressTLS {
  hosts?: string[];
  secretName?: string;
}

export interface IngressSpec {
  ingressClassName?: string;
  defaultBackend?: IngressBackend;
  tls?: IngressTLS[];
  rules?: IngressRule[];
}

export interface IngressPortStatus {
  port: number;
  protocol: string;
  error?: string;
}

export interface IngressLoadBalancerIngress {
  ip?: string;
  hostname?: string;
  ports?: IngressPortStatus[];
}

export interface IngressStatus {
  loadBalancer?: { ingress?: IngressLoadBalancerIngress[] };
}

export interface Ingress {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: IngressSpec;
  status?: IngressStatus;
  [field: string]: unknown;
}

export interface IngressClassParametersReference {
  apiGroup?: string;
  kind: string;
  name: string;
  scope?: string;
  namespace?: string;
}

export interface IngressClassSpec {
  controller?: string;
  parameters?: IngressClassParametersReference;
}

export interface IngressClass {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: IngressClassSpec;
  [field: string]: unknown;
}

export interface ParentReference {
  group?: string;
  resource?: string;
  namespace?: string;
  name?: string;
}

export interface IPAddress {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: { parentRef?: ParentReference };
  [field: string]: unknown;
}

/** metav1.Condition. */
export interface Condition {
  type: string;
  status: string;
  observedGeneration?: number;
  lastTransitionTime?: string | null;
  reason: string;
  message: string;
}

export interface ServiceCIDR {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: { cidrs?: string[] };
  status?: { conditions?: Condition[] };
  [field: string]: unknown;
}

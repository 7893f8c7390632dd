// Group headings of orch-apiserver's options, in the spec's order; --help and docs/flags.md
// print groups in this order.
export const SERVING = 'Serving and network options';
export const STORAGE = 'Storage options';
export const ADMISSION = 'Admission options';
export const NODE_AGENT = 'Node agent connection options';
export const LOGGING_METRICS = 'Logging, metrics and other options';
export const LIFECYCLE = 'States and transitions options';
export const AUTHENTICATION = 'Authentication options';
export const OIDC = 'OpenID Connect options';
export const SERVICE_ACCOUNT = 'Service account token options';
export const AUTHORIZATION = 'Authorization options';
export const AUDIT_LOG = 'Audit log options';
export const AUDIT_WEBHOOK = 'Audit webhook options';
export const LIMITS = 'Limits';
export const VERSIONING = 'Versioning';

export const apiserverGroupOrder: readonly string[] = [
  SERVING, STORAGE, ADMISSION, NODE_AGENT, LOGGING_METRICS, LIFECYCLE, AUTHENTICATION, OIDC, SERVICE_ACCOUNT,
  AUTHORIZATION, AUDIT_LOG, AUDIT_WEBHOOK, LIMITS, VERSIONING,
];

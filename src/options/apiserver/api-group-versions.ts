// Built-in API group versions and the minor release of 1.x that first served each, so
// --runtime-config can refuse versions introduced after the emulated version. Mirrors
// Kubernetes 1.35's built-in groups with the brand swapped.
export const builtinGroupVersions: Readonly<Record<string, number>> = {
  'v1': 0,
  'admissionregistration.orch.io/v1': 16,
  'admissionregistration.orch.io/v1beta1': 9,
  'admissionregistration.orch.io/v1alpha1': 26,
  'apiextensions.orch.io/v1': 16,
  'apiregistration.orch.io/v1': 10,
  'apps/v1': 9,
  'authentication.orch.io/v1': 6,
  'authentication.orch.io/v1beta1': 3,
  'authentication.orch.io/v1alpha1': 26,
  'authorization.orch.io/v1': 6,
  'autoscaling/v1': 2,
  'autoscaling/v2': 23,
  'batch/v1': 2,
  'certificates.orch.io/v1': 19,
  'certificates.orch.io/v1beta1': 33,
  'certificates.orch.io/v1alpha1': 26,
  'coordination.orch.io/v1': 14,
  'coordination.orch.io/v1beta1': 33,
  'coordination.orch.io/v1alpha2': 32,
  'discovery.orch.io/v1': 21,
  'events.orch.io/v1': 19,
  'flowcontrol.apiserver.orch.io/v1': 29,
  'internal.apiserver.orch.io/v1alpha1': 20,
  'networking.orch.io/v1': 19,
  'networking.orch.io/v1beta1': 31,
  'node.orch.io/v1': 20,
  'policy/v1': 21,
  'rbac.authorization.orch.io/v1': 8,
  'resource.orch.io/v1': 34,
  'resource.orch.io/v1beta2': 33,
  'resource.orch.io/v1beta1': 32,
  'resource.orch.io/v1alpha3': 31,
  'scheduling.orch.io/v1': 14,
  'scheduling.orch.io/v1alpha1': 35,
  'storage.orch.io/v1': 13,
  'storage.orch.io/v1beta1': 31,
  'storage.orch.io/v1alpha1': 9,
  'storagemigration.orch.io/v1alpha1': 30,
  'storagemigration.orch.io/v1beta1': 35,
};

export const builtinGroups: ReadonlySet<string> = new Set(
  Object.keys(builtinGroupVersions).map((gv) => (gv.includes('/') ? gv.slice(0, gv.lastIndexOf('/')) : '')),
);

export const RUNTIME_CONFIG_SELECTORS: readonly string[] = ['api/all', 'api/ga', 'api/beta', 'api/alpha', 'api/legacy'];

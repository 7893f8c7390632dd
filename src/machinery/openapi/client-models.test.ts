// The published definitions against @kubernetes/client-node's models, which are generated from
// Kubernetes' own OpenAPI: every field a typed client knows must be published (or kubectl's
// client-side validation would refuse it), and nothing Kubernetes lacks may be added.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openapiV2Definitions } from './definitions.ts';

const MODELS = fileURLToPath(new URL('../../../node_modules/@kubernetes/client-node/dist/gen/models/', import.meta.url));

/** client-node's model class for a definition: `FlowcontrolV1Subject` where names clash, else `V1Subject`. */
function modelFile(definition: string): string | undefined {
  const parts = definition.split('.');
  const kind = parts.at(-1)!;
  const version = parts.at(-2)!;
  const group = parts.at(-3)!;
  const v = version[0]!.toUpperCase() + version.slice(1);
  return [`${group[0]!.toUpperCase()}${group.slice(1)}${v}${kind}`, `${v}${kind}`].map((n) => `${MODELS}${n}.js`).find(existsSync);
}

/**
 * Fields Kubernetes 1.35 added after the client models' release (1.34), each read from 1.35's
 * k8s.io/api types: they are published, and the models do not know them yet.
 */
const NEWER_THAN_MODELS: Readonly<Record<string, readonly string[]>> = {
  'io.orch.api.core.v1.NodeStatus': ['declaredFeatures'],
  'io.orch.api.core.v1.PodCertificateProjection': ['userAnnotations'],
  'io.orch.api.core.v1.PodSpec': ['workloadRef'],
  'io.orch.api.core.v1.PodStatus': ['allocatedResources', 'resources'],
  'io.orch.api.core.v1.VolumeMountStatus': ['volumeStatus'],
  'io.orch.api.storage.v1.CSIDriverSpec': ['serviceAccountTokenInSecrets'],
  'io.orch.api.resource.v1alpha3.DeviceTaintRule': ['status'],
};

/** Fields client-node 1.34 models that Kubernetes 1.35 removed (alpha types may change shape). */
const REMOVED_SINCE_MODELS: Readonly<Record<string, readonly string[]>> = {
  'io.orch.api.resource.v1alpha3.DeviceTaintSelector': ['deviceClassName', 'selectors'],
};

test('every published field matches the Kubernetes client models, both ways', async () => {
  const defs = openapiV2Definitions() as Record<string, { properties?: Record<string, unknown> }>;
  const differences: string[] = [];
  let compared = 0;
  for (const [name, def] of Object.entries(defs)) {
    const file = modelFile(name);
    if (!file) continue;
    const mod = (await import(file)) as Record<string, { attributeTypeMap: { baseName: string }[] }>;
    const model = Object.values(mod)[0]!;
    const removed = REMOVED_SINCE_MODELS[name] ?? [];
    const theirs = [...model.attributeTypeMap.map((a) => a.baseName).filter((f) => !removed.includes(f)), ...(NEWER_THAN_MODELS[name] ?? [])].sort();
    const ours = Object.keys(def.properties ?? {}).sort();
    compared++;
    if (theirs.join() !== ours.join()) differences.push(`${name}: missing [${theirs.filter((f) => !ours.includes(f))}], extra [${ours.filter((f) => !theirs.includes(f))}]`);
  }
  assert.ok(compared >= 90, `compared ${compared} definitions`);
  assert.deepEqual(differences, []);
});

// The type checker the controller runs: resolves the kinds a policy's rules name and its
// paramKind through the server (schema-resolver.ts), then checks the expressions against them
// (machinery/cel/policy-type-check.ts). A kind the server does not serve, or publishes no schema
// for, is left out, as Kubernetes leaves out kinds it cannot resolve.
import type { ExpressionWarning, ValidatingAdmissionPolicy } from '../../../api/admissionregistration/v1/types.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { resourcesToCheck, sortKinds, typeCheckPolicy, type GroupVersionKind, type TypedKind } from '../../../machinery/cel/policy-type-check.ts';
import { SchemaResolver } from './schema-resolver.ts';

function paramsKind(policy: ValidatingAdmissionPolicy): GroupVersionKind | undefined {
  const { apiVersion, kind } = policy.spec?.paramKind ?? {};
  if (!apiVersion || !kind) return undefined;
  const parts = apiVersion.split('/');
  if (parts.length > 2) return undefined;
  return parts.length === 2 ? { group: parts[0]!, version: parts[1]!, kind } : { group: '', version: parts[0]!, kind };
}

export async function checkPolicy(client: RestClient, policy: ValidatingAdmissionPolicy, signal?: AbortSignal): Promise<ExpressionWarning[]> {
  const resolver = new SchemaResolver(client, signal);
  const found: GroupVersionKind[] = [];
  for (const gvr of resourcesToCheck(policy)) {
    const gvk = await resolver.kindFor(gvr.group, gvr.version, gvr.resource);
    if (gvk) found.push(gvk);
  }
  const kinds = (await Promise.all(sortKinds(found).map((gvk) => resolver.resolve(gvk)))).filter((k): k is TypedKind => !!k);
  const paramsGVK = paramsKind(policy);
  const params = paramsGVK ? await resolver.resolve(paramsGVK) : undefined;
  return typeCheckPolicy(policy, kinds, params);
}

// Installing a MutatingAdmissionPolicy with its binding in tests that run the admission stack.
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import type { AdmissionRegistration } from '../../src/apiserver/registry/admissionregistration/build.ts';

const AR = '/apis/admissionregistration.orch.io/v1beta1';

type ApiCall = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await delay(10);
}

/**
 * Creates the policy `name` (with `spec`) and a binding of the same name (with `binding` added to
 * its spec), waits until admission holds both, and removes them when the test ends. Returns the
 * created policy.
 */
export async function installMutatingPolicy(
  t: { after(fn: () => Promise<unknown>): void },
  call: ApiCall,
  registration: AdmissionRegistration,
  name: string,
  spec: Record<string, unknown>,
  binding: Record<string, unknown> = {},
): Promise<any> {
  const p = await call('POST', `${AR}/mutatingadmissionpolicies`, { metadata: { name }, spec });
  assert.equal(p.status, 201, JSON.stringify(p.body));
  const b = await call('POST', `${AR}/mutatingadmissionpolicybindings`, { metadata: { name }, spec: { policyName: name, ...binding } });
  assert.equal(b.status, 201, JSON.stringify(b.body));
  await until(() => !!registration.mutatingPolicies?.get(name) && !!registration.mutatingPolicyBindings?.get(name));
  t.after(async () => {
    await call('DELETE', `${AR}/mutatingadmissionpolicybindings/${name}`);
    await call('DELETE', `${AR}/mutatingadmissionpolicies/${name}`);
    await until(() => !registration.mutatingPolicyBindings?.get(name) && !registration.mutatingPolicies?.get(name));
  });
  return p.body;
}

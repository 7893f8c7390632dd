// The secrets a pod refers to: for the mirror-pod rule (a static pod may use none) and for
// service accounts annotated orch.io/enforce-mountable-secrets, whose pods may only use the
// secrets the account lists.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { Container } from '../../../../api/core/v1/container-types.ts';
import type { ServiceAccount } from '../../../../api/core/v1/service-account-types.ts';

/** Whether the pod names any secret: pull secrets, volumes and projections, and containers' environment. */
export function podReferencesSecrets(pod: Pod): boolean {
  const spec = pod.spec ?? { containers: [] };
  if ((spec.imagePullSecrets ?? []).some((s) => s.name)) return true;
  for (const v of spec.volumes ?? []) {
    if (v.secret?.secretName || v.azureFile?.secretName) return true;
    if (v.projected?.sources?.some((s) => s.secret?.name)) return true;
    const refs = [v.cephfs?.secretRef, v.cinder?.secretRef, v.flexVolume?.secretRef, v.iscsi?.secretRef, v.rbd?.secretRef, v.scaleIO?.secretRef, v.storageos?.secretRef, v.csi?.nodePublishSecretRef];
    if (refs.some((r) => r?.name)) return true;
  }
  const containers: Container[] = [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])];
  return containers.some((c) => (c.envFrom ?? []).some((e) => e.secretRef?.name) || (c.env ?? []).some((e) => e.valueFrom?.secretKeyRef?.name));
}

/** The first reference to a secret the account does not list, worded as Kubernetes refuses it. */
function containerRefusal(c: Container, what: string, account: ServiceAccount, allowed: Set<string>): string | undefined {
  for (const env of c.env ?? []) {
    const ref = env.valueFrom?.secretKeyRef;
    if (ref && !allowed.has(ref.name ?? '')) {
      return `${what} ${c.name} with envVar ${env.name} referencing secret.secretName="${ref.name ?? ''}" is not allowed because service account ${account.metadata.name} does not reference that secret`;
    }
  }
  for (const from of c.envFrom ?? []) {
    const ref = from.secretRef;
    if (ref && !allowed.has(ref.name ?? '')) {
      return `${what} ${c.name} with envFrom referencing secret.secretName="${ref.name ?? ''}" is not allowed because service account ${account.metadata.name} does not reference that secret`;
    }
  }
  return undefined;
}

const mountable = (account: ServiceAccount) => new Set((account.secrets ?? []).map((s) => String((s as { name?: string }).name ?? '')));

/** Why the pod's secret references are not allowed by the account, or undefined. */
export function secretReferenceRefusal(account: ServiceAccount, pod: Pod): string | undefined {
  const allowed = mountable(account);
  const spec = pod.spec ?? { containers: [] };
  for (const v of spec.volumes ?? []) {
    const name = v.secret?.secretName;
    if (v.secret && !allowed.has(name ?? '')) {
      return `volume with secret.secretName="${name ?? ''}" is not allowed because service account ${account.metadata.name} does not reference that secret`;
    }
  }
  for (const c of spec.initContainers ?? []) {
    const why = containerRefusal(c, 'init container', account, allowed);
    if (why) return why;
  }
  for (const c of spec.containers ?? []) {
    const why = containerRefusal(c, 'container', account, allowed);
    if (why) return why;
  }
  const pullSecrets = new Set((account.imagePullSecrets ?? []).map((s) => s.name ?? ''));
  for (const [i, ref] of (spec.imagePullSecrets ?? []).entries()) {
    if (!pullSecrets.has(ref.name ?? '')) {
      return `imagePullSecrets[${i}].name="${ref.name ?? ''}" is not allowed because service account ${account.metadata.name} does not reference that imagePullSecret`;
    }
  }
  return undefined;
}

/** The same for the ephemeral containers added through pods/ephemeralcontainers. */
export function ephemeralSecretReferenceRefusal(account: ServiceAccount, pod: Pod): string | undefined {
  const allowed = mountable(account);
  for (const c of pod.spec?.ephemeralContainers ?? []) {
    const why = containerRefusal(c, 'ephemeral container', account, allowed);
    if (why) return why;
  }
  return undefined;
}

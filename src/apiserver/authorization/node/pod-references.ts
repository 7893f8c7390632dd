// The API objects a pod names, as Kubernetes' podutil visitors find them: secrets (image pull
// secrets, environment, volume sources and projections), config maps (environment, volumes and
// projections), claims (persistent volume claims and ephemeral volumes' generated claims) and
// resource claims; and the secrets a persistent volume names that a node reads to mount it.
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { Container } from '../../../api/core/v1/container-types.ts';
import type { PersistentVolume, Volume } from '../../../api/core/v1/volume-types.ts';

function allContainers(pod: Pod): Container[] {
  const spec = pod.spec;
  return [...(spec?.initContainers ?? []), ...(spec?.containers ?? []), ...(spec?.ephemeralContainers ?? [])];
}

const named = (names: (string | undefined | null)[]): string[] => names.filter((n): n is string => !!n);

function volumeSecretNames(v: Volume): string[] {
  return named([
    v.azureFile?.secretName,
    v.cephfs?.secretRef?.name,
    v.cinder?.secretRef?.name,
    v.flexVolume?.secretRef?.name,
    ...(v.projected?.sources ?? []).map((s) => s.secret?.name),
    v.rbd?.secretRef?.name,
    v.secret?.secretName,
    v.scaleIO?.secretRef?.name,
    v.iscsi?.secretRef?.name,
    v.storageos?.secretRef?.name,
    v.csi?.nodePublishSecretRef?.name,
  ]);
}

/** Every secret name the pod refers to, in Kubernetes' visiting order (duplicates possible). */
export function podSecretNames(pod: Pod): string[] {
  const names: (string | undefined)[] = (pod.spec?.imagePullSecrets ?? []).map((s) => s.name);
  for (const c of allContainers(pod)) {
    for (const from of c.envFrom ?? []) names.push(from.secretRef?.name);
    for (const env of c.env ?? []) names.push(env.valueFrom?.secretKeyRef?.name);
  }
  for (const v of pod.spec?.volumes ?? []) names.push(...volumeSecretNames(v));
  return named(names);
}

/** Every config map name the pod refers to. */
export function podConfigMapNames(pod: Pod): string[] {
  const names: (string | undefined)[] = [];
  for (const c of allContainers(pod)) {
    for (const from of c.envFrom ?? []) names.push(from.configMapRef?.name);
    for (const env of c.env ?? []) names.push(env.valueFrom?.configMapKeyRef?.name);
  }
  for (const v of pod.spec?.volumes ?? []) {
    names.push(v.configMap?.name);
    for (const s of v.projected?.sources ?? []) names.push(s.configMap?.name);
  }
  return named(names);
}

/** Claims the pod's volumes use: named ones, and `<pod>-<volume>` for ephemeral volumes. */
export function podClaimNames(pod: Pod): string[] {
  const names: string[] = [];
  for (const v of pod.spec?.volumes ?? []) {
    if (v.persistentVolumeClaim?.claimName) names.push(v.persistentVolumeClaim.claimName);
    else if (v.ephemeral) names.push(`${pod.metadata.name ?? ''}-${v.name}`);
  }
  return names;
}

/** Resource claims the pod uses: named ones, and those generated from templates once status names them. */
export function podResourceClaimNames(pod: Pod): string[] {
  const generated = new Map((pod.status?.resourceClaimStatuses ?? []).map((s) => [s.name, s.resourceClaimName]));
  const names: string[] = [];
  for (const claim of pod.spec?.resourceClaims ?? []) {
    if (claim.resourceClaimName) names.push(claim.resourceClaimName);
    else if (claim.resourceClaimTemplateName) {
      const name = generated.get(claim.name);
      if (name) names.push(name);
    }
  }
  return names;
}

export interface PvSecret {
  namespace: string;
  name: string;
}

/** Secrets a persistent volume names that the node needs to mount it (not the controllers' ones). */
export function pvKubeletSecrets(pv: PersistentVolume): PvSecret[] {
  const spec = pv.spec ?? {};
  const claimNamespace = spec.claimRef?.namespace ?? '';
  const out: PvSecret[] = [];
  const add = (name: string | undefined, namespace: string | undefined | null) => {
    if (name) out.push({ namespace: namespace || claimNamespace, name });
  };
  add(spec.azureFile?.secretName, spec.azureFile?.secretNamespace);
  add(spec.cephfs?.secretRef?.name, spec.cephfs?.secretRef?.namespace);
  add(spec.cinder?.secretRef?.name, spec.cinder?.secretRef?.namespace);
  add(spec.flexVolume?.secretRef?.name, spec.flexVolume?.secretRef?.namespace);
  add(spec.rbd?.secretRef?.name, spec.rbd?.secretRef?.namespace);
  add(spec.scaleIO?.secretRef?.name, spec.scaleIO?.secretRef?.namespace);
  add(spec.iscsi?.secretRef?.name, spec.iscsi?.secretRef?.namespace);
  add(spec.storageos?.secretRef?.name, spec.storageos?.secretRef?.namespace);
  add(spec.csi?.nodePublishSecretRef?.name, spec.csi?.nodePublishSecretRef?.namespace);
  add(spec.csi?.nodeStageSecretRef?.name, spec.csi?.nodeStageSecretRef?.namespace);
  add(spec.csi?.nodeExpandSecretRef?.name, spec.csi?.nodeExpandSecretRef?.namespace);
  return out;
}

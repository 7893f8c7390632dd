// ServiceAccount: every pod runs as a service account of its namespace ("default" unless it names
// one), which must exist. A new pod gets the account's image pull secrets when it names none, and
// the token volume mounted into each container unless the pod or the account opts out
// (automountServiceAccountToken: false). Mirror pods, the node agent's copies of static pods, are
// left as they are and may use neither accounts nor secrets. Accounts annotated
// orch.io/enforce-mountable-secrets limit their pods to the secrets they list.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { ServiceAccount } from '../../../../api/core/v1/service-account-types.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../../types.ts';
import { admissionForbidden } from '../../forbidden.ts';
import { notFound } from '../../../../machinery/status.ts';
import type { ServiceAccountReader } from './reader.ts';
import { mountTokenVolume } from './token-volume.ts';
import { unconvertedError } from '../core-v1/unconverted-error.ts';
import { ephemeralSecretReferenceRefusal, podReferencesSecrets, secretReferenceRefusal } from './secret-references.ts';

export const DEFAULT_SERVICE_ACCOUNT = 'default';
export const MIRROR_POD_ANNOTATION = 'orch.io/config.mirror';
export const ENFORCE_MOUNTABLE_SECRETS_ANNOTATION = 'orch.io/enforce-mountable-secrets';

/** The default account is created by a controller just after its namespace: it is looked up again for a while. */
const DEFAULT_ACCOUNT_ATTEMPTS = 10;

export interface ServiceAccountPluginDeps {
  accounts: () => ServiceAccountReader | undefined;
  /** Waits between look-ups of the default account (100–200 ms, as Kubernetes waits). */
  sleep?: () => Promise<void>;
  /** Names the token volume (tests fix it). */
  tokenVolumeName?: () => string;
}

const randomPause = () => new Promise<void>((r) => setTimeout(r, 100 + Math.floor(Math.random() * 100)));

/** strconv.ParseBool's true spellings. */
const TRUE_WORDS = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);

function podToCheck(attrs: AdmissionAttributes): Pod | undefined {
  if (attrs.resource.group !== '' || attrs.resource.resource !== 'pods') return undefined;
  if (attrs.subresource !== '' && attrs.subresource !== 'ephemeralcontainers') return undefined;
  return attrs.object as Pod | undefined;
}

const isMirrorPod = (pod: Pod) => pod.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined;

function shouldAutomount(account: ServiceAccount, pod: Pod): boolean {
  return pod.spec?.automountServiceAccountToken ?? account.automountServiceAccountToken ?? true;
}

export function serviceAccount(deps: ServiceAccountPluginDeps): AdmissionPlugin {
  const sleep = deps.sleep ?? randomPause;

  const lookUp = async (attrs: AdmissionAttributes, name: string): Promise<ServiceAccount> => {
    const reader = deps.accounts();
    if (!reader) throw admissionForbidden(attrs, 'not yet ready to handle request');
    const found = (await reader.get(attrs.namespace, name, false)) ?? (await reader.get(attrs.namespace, name, true));
    if (found) return found;
    for (let i = 1; name === DEFAULT_SERVICE_ACCOUNT && i < DEFAULT_ACCOUNT_ATTEMPTS; i++) {
      await sleep();
      const later = await reader.get(attrs.namespace, name, true);
      if (later) return later;
    }
    const missing = notFound({ group: '', resource: 'serviceaccount' }, name);
    throw admissionForbidden(attrs, `error looking up service account ${attrs.namespace}/${name}: ${missing.message}`);
  };

  const validate = async (attrs: AdmissionAttributes): Promise<void> => {
    const pod = podToCheck(attrs);
    if (!pod) return;
    const accountName = pod.spec?.serviceAccountName ?? '';
    if (attrs.operation === 'UPDATE' && attrs.subresource === 'ephemeralcontainers') {
      if (!accountName) throw admissionForbidden(attrs, `no service account specified for pod ${attrs.namespace}/${pod.metadata.name ?? ''}`);
      const account = await lookUp(attrs, accountName);
      const why = enforcesMountableSecrets(account) ? ephemeralSecretReferenceRefusal(account, pod) : undefined;
      // Kubernetes returns this one as a plain error, answered with a 500.
      if (why) throw unconvertedError(why);
      return;
    }
    if (attrs.operation !== 'CREATE') return;
    if (isMirrorPod(pod)) {
      if (accountName) throw admissionForbidden(attrs, 'a mirror pod may not reference service accounts');
      if (podReferencesSecrets(pod)) throw admissionForbidden(attrs, 'a mirror pod may not reference secrets');
      if ((pod.spec?.volumes ?? []).some((v) => v.projected?.sources?.some((s) => s.serviceAccountToken))) {
        throw admissionForbidden(attrs, 'a mirror pod may not use ServiceAccountToken volume projections');
      }
      return;
    }
    if (!accountName) throw admissionForbidden(attrs, `no service account specified for pod ${attrs.namespace}/${pod.metadata.name ?? ''}`);
    const account = await lookUp(attrs, accountName);
    const why = enforcesMountableSecrets(account) ? secretReferenceRefusal(account, pod) : undefined;
    if (why) throw admissionForbidden(attrs, why);
  };

  return {
    name: 'ServiceAccount',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    async admit(attrs) {
      const pod = podToCheck(attrs);
      if (!pod || attrs.operation !== 'CREATE') return;
      if (isMirrorPod(pod)) return validate(attrs);
      const spec = (pod.spec ??= { containers: [] });
      if (!spec.serviceAccountName) spec.serviceAccountName = DEFAULT_SERVICE_ACCOUNT;
      // The deprecated alias always mirrors the name.
      spec.serviceAccount = spec.serviceAccountName;
      const account = await lookUp(attrs, spec.serviceAccountName);
      if (shouldAutomount(account, pod)) mountTokenVolume(pod, deps.tokenVolumeName);
      if (!spec.imagePullSecrets?.length && account.imagePullSecrets?.length) {
        spec.imagePullSecrets = account.imagePullSecrets.map((s) => ({ name: s.name ?? '' }));
      }
      return validate(attrs);
    },
    validate,
  };
}

function enforcesMountableSecrets(account: ServiceAccount): boolean {
  const value = account.metadata.annotations?.[ENFORCE_MOUNTABLE_SECRETS_ANNOTATION];
  return value !== undefined && TRUE_WORDS.has(value);
}

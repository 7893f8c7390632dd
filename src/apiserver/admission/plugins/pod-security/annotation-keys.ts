// The deprecated pod annotations the Pod Security checks still read (Kubernetes' AppArmor beta
// and seccomp alpha annotations, brand swapped), and their allowed values.

export const APPARMOR_CONTAINER_ANNOTATION_PREFIX = 'container.apparmor.security.beta.orch.io/';
export const SECCOMP_POD_ANNOTATION = 'seccomp.security.alpha.orch.io/pod';
export const SECCOMP_CONTAINER_ANNOTATION_PREFIX = 'container.seccomp.security.alpha.orch.io/';

const LOCALHOST_PREFIX = 'localhost/';

/** AppArmor annotation values baseline allows: empty, runtime/default, localhost/<profile>. */
export function allowedAppArmorAnnotation(value: string): boolean {
  return value === '' || value === 'runtime/default' || value.startsWith(LOCALHOST_PREFIX);
}

/** Seccomp annotation values baseline allowed before 1.19: runtime/default, docker/default, localhost/<profile>. */
export function allowedSeccompAnnotation(value: string): boolean {
  return value === 'runtime/default' || value === 'docker/default' || value.startsWith(LOCALHOST_PREFIX);
}

// What container validation needs to know about the pod around its containers. Kubernetes passes
// these as separate arguments (the pod's valid volumes, its resource claims, grace period, OS,
// restart policy, host namespaces) and as PodValidationOptions; here they are one value the pod
// strategy builds once per pod.

export interface ContainerContext {
  /** The names of the pod's volumes that passed validation (a mount of any other is not found). */
  volumeNames: ReadonlySet<string>;
  /** spec.restartPolicy, after defaulting. */
  podRestartPolicy: string;
  /** spec.hostNetwork: a regular container's hostPort must then equal its containerPort. */
  hostNetwork: boolean;
  /**
   * Names the list is checked against for uniqueness: for init containers the regular
   * containers' names; for ephemeral containers the regular and init containers' names (which a
   * targetContainerName must also be one of). Unused for regular containers.
   */
  otherNames?: ReadonlySet<string>;
  /**
   * The volumes backed by a persistent volume claim (persistentVolumeClaim or ephemeral), the only
   * ones a volumeDevice may name. When left out, every volume in volumeNames counts as one.
   */
  claimVolumeNames?: ReadonlySet<string>;
  /** The names in spec.resourceClaims, which resources.claims must refer to. */
  resourceClaimNames?: ReadonlySet<string>;
  /** spec.terminationGracePeriodSeconds: a sleep hook may not last longer. Unchecked when unset. */
  gracePeriodSeconds?: number;
  /** spec.os.name (linux or windows), which decides the stop signals allowed. */
  os?: string;
  /** Whether the pod shares the node's user namespace (spec.securityContext.hostUsers); default true. */
  hostUsers?: boolean;
  /** Whether privileged containers are allowed (the server's --allow-privileged); default false. */
  allowPrivileged?: boolean;
}

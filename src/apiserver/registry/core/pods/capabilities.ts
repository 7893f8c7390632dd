// --allow-privileged, kept as Kubernetes keeps it: one setting of the server process that every
// pod spec's validation reads, pods and the pod templates of workloads alike, so that a template
// is judged as its pods will be.
let allowPrivileged = false;

/** Set once at start-up from --allow-privileged. */
export function setAllowPrivileged(allowed: boolean): void {
  allowPrivileged = allowed;
}

/** Whether containers may run privileged. */
export function privilegedAllowed(): boolean {
  return allowPrivileged;
}

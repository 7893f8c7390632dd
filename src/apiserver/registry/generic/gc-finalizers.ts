// The garbage collector's finalizers on delete, as Kubernetes records them: Orphan adds
// `orphan`, Foreground adds `foregroundDeletion`, Background (the default) neither. An explicit
// policy replaces whichever of the two the object carried; without one the object's own choice stands.
export const FINALIZER_ORPHAN = 'orphan';
export const FINALIZER_FOREGROUND = 'foregroundDeletion';

export type PropagationPolicy = 'Orphan' | 'Background' | 'Foreground';

export interface GcDeleteOptions {
  propagationPolicy?: PropagationPolicy;
  /** Deprecated form of the policy: true is Orphan, false is Background. */
  orphanDependents?: boolean;
}

function shouldOrphan(finalizers: readonly string[], opts: GcDeleteOptions): boolean {
  if (opts.orphanDependents !== undefined) return opts.orphanDependents;
  if (opts.propagationPolicy) return opts.propagationPolicy === 'Orphan';
  for (const f of finalizers) {
    if (f === FINALIZER_ORPHAN) return true;
    if (f === FINALIZER_FOREGROUND) return false;
  }
  return false;
}

function shouldDeleteInForeground(finalizers: readonly string[], opts: GcDeleteOptions): boolean {
  if (opts.orphanDependents !== undefined) return false;
  if (opts.propagationPolicy) return opts.propagationPolicy === 'Foreground';
  for (const f of finalizers) {
    if (f === FINALIZER_FOREGROUND) return true;
    if (f === FINALIZER_ORPHAN) return false;
  }
  return false;
}

/** The finalizers the object should carry once this delete is recorded. */
export function finalizersForDeletion(finalizers: readonly string[], opts: GcDeleteOptions): string[] {
  const out = finalizers.filter((f) => f !== FINALIZER_ORPHAN && f !== FINALIZER_FOREGROUND);
  if (shouldOrphan(finalizers, opts)) out.push(FINALIZER_ORPHAN);
  if (shouldDeleteInForeground(finalizers, opts)) out.push(FINALIZER_FOREGROUND);
  return out;
}

export function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
}

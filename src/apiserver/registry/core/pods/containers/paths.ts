// Path checks shared by mounts, env files and seccomp profiles: relative paths without '..'
// elements (validateLocalDescendingPath and validatePathNoBacksteps), worded as Kubernetes.
import { invalid, type FieldError } from '../../../../../machinery/validation/field-error.ts';

/** No '..' element between slashes (the server's separator, as on Linux nodes); one error is enough. */
export function validatePathNoBacksteps(target: string, path: string): FieldError[] {
  return target.split('/').includes('..') ? [invalid(path, target, "must not contain '..'")] : [];
}

/** Relative, and no '..' element. */
export function validateLocalDescendingPath(target: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (target.startsWith('/')) errs.push(invalid(path, target, 'must be a relative path'));
  errs.push(...validatePathNoBacksteps(target, path));
  return errs;
}

// The path and file-mode checks volume sources share, worded as Kubernetes' validation words
// them: paths inside a volume are relative and never step out of it, and file modes are 0-0777.
import { invalid, type FieldError } from '../../../../../machinery/validation/field-error.ts';

const FILE_MODE_ERROR = 'must be a number between 0 and 0777 (octal), both inclusive';

/** No `..` element (validatePathNoBacksteps); one error even for `../../..`. */
export function validatePathNoBacksteps(target: string, path: string): FieldError[] {
  // Only '/' separates: the server and the nodes are Linux.
  return target.split('/').includes('..') ? [invalid(path, target, "must not contain '..'")] : [];
}

/** Relative and without `..` elements (validateLocalDescendingPath). */
export function validateLocalDescendingPath(target: string, path: string): FieldError[] {
  const errs = target.startsWith('/') ? [invalid(path, target, 'must be a relative path')] : [];
  return [...errs, ...validatePathNoBacksteps(target, path)];
}

/** ValidateLocalNonReservedPath: a descending path that does not start with `..` either. */
export function validateLocalNonReservedPath(target: string, path: string): FieldError[] {
  const errs = validateLocalDescendingPath(target, path);
  // `../x` is already reported as a backstep.
  if (target.startsWith('..') && !target.startsWith('../')) errs.push(invalid(path, target, "must not start with '..'"));
  return errs;
}

/** A file mode (defaultMode, mode) outside 0-0777. */
export function validateFileMode(mode: number | undefined, path: string): FieldError[] {
  return mode !== undefined && (mode > 0o777 || mode < 0) ? [invalid(path, mode, FILE_MODE_ERROR)] : [];
}

/** Go's path.IsAbs. */
export const isAbsolutePath = (p: string): boolean => p.startsWith('/');

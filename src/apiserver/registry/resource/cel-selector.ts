// Device selectors' CEL expressions, checked when they are first written: at most 10 KiB, and
// compiled in an environment where `device` is an object. Our CEL carries Kubernetes' common
// libraries but not DRA's quantity and semver ones, so a call the checker cannot resolve to one
// of those is accepted (the scheduler, which evaluates it, has them); everything else the
// compiler refuses is refused with its message, and an expression must yield a boolean.
import { CelCompiler } from '../../../machinery/cel/index.ts';
import { invalid, tooLong, type FieldError } from '../../../machinery/validation/field-error.ts';

export const CEL_SELECTOR_MAX_LENGTH = 10 * 1024;

const deviceCel = new CelCompiler({ device: 'map' });

/** Functions and methods of Kubernetes' quantity and semver CEL libraries. */
const DRA_LIBRARY = new Set([
  'quantity', 'isQuantity', 'semver', 'isSemver', 'compareTo', 'isGreaterThan', 'isLessThan', 'add', 'sub',
  'asInteger', 'asApproximateFloat', 'isInteger', 'sign', 'major', 'minor', 'patch',
]);

function callsDraLibrary(message: string): boolean {
  const m = /no matching overload for '(?:[\w.]+\.)?(\w+)\(/.exec(message);
  return !!m && DRA_LIBRARY.has(m[1]!);
}

export function validateSelectorExpression(expression: string, path: string): FieldError[] {
  if (expression.length > CEL_SELECTOR_MAX_LENGTH) return [tooLong(path, CEL_SELECTOR_MAX_LENGTH)];
  const compiled = deviceCel.compile(expression);
  if (compiled instanceof Error) {
    return callsDraLibrary(compiled.message) ? [] : [invalid(path, expression, `compilation failed: ${compiled.message}`)];
  }
  if (compiled.type !== 'bool' && compiled.type !== 'dyn') {
    return [invalid(path, expression, 'must evaluate to bool')];
  }
  return [];
}

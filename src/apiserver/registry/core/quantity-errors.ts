// Field checks on quantities shared by the core kinds that hold resource lists: a quantity as a
// field error shows it (Go prints the resource.Quantity struct), non-negative values, and whole
// numbers for resources counted in objects.
import { parseQuantity, compareQuantities, goQuantityRepr, quantityString, scaledValue, type Quantity } from '../../../machinery/quantity/quantity.ts';
import { invalid, RenderedValue, type FieldError } from '../../../machinery/validation/field-error.ts';
import { isIntegerResourceName } from './resource-names.ts';

const ZERO = parseQuantity('0');

/** A decoded (so well-formed) quantity string. */
export const quantityOf = (s: string): Quantity => parseQuantity(s);

/** A quantity as Kubernetes' field errors print it when handed the quantity itself. */
export const quantityValue = (q: Quantity) => new RenderedValue(goQuantityRepr(q));

/** ValidateResourceQuantityValue: not negative, and whole for object counts and extended resources. */
export function validateResourceQuantityValue(resource: string, value: string, path: string): FieldError[] {
  const q = quantityOf(value);
  const errs: FieldError[] = [];
  if (compareQuantities(q, ZERO) < 0) errs.push(invalid(path, quantityString(q), 'must be greater than or equal to 0'));
  if (isIntegerResourceName(resource) && scaledValue(q, -3) % 1000n !== 0n) errs.push(invalid(path, quantityValue(q), 'must be an integer'));
  return errs;
}

// What a write may change on a custom resource, as Kubernetes' custom resource strategy has it:
// with the status subresource the main resource keeps the stored status (a create starts without
// one) and /status changes only the status; the generation moves when anything but metadata (and
// status, when it is a subresource) changes. Validation is the version's schema and rules.
import type { StatusCause } from '../../machinery/status.ts';
import { semanticEqual } from '../../machinery/equality/semantic.ts';
import { cloneJson } from '../../machinery/patch/json-value.ts';
import type { ResourceStrategy } from '../registry/resource.ts';
import type { CustomResource } from './custom-resource.ts';

/** Checks custom resources against one version's schema, its CEL rules and ObjectMeta's rules. */
export interface CustomResourceValidator {
  validate(obj: CustomResource): StatusCause[];
  /** As validate, with the transition rules that compare against the stored object. */
  validateUpdate(obj: CustomResource, old: CustomResource): StatusCause[];
}

/** Whether anything but metadata (and status, when `ignoreStatus`) differs. */
function contentChanged(a: CustomResource, b: CustomResource, ignoreStatus: boolean): boolean {
  const skip = (k: string) => k === 'metadata' || k === 'apiVersion' || k === 'kind' || (ignoreStatus && k === 'status');
  const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => !skip(k)));
  for (const k of keys) if (!semanticEqual(a[k], b[k])) return true;
  return false;
}

export function customResourceStrategy(validator: CustomResourceValidator, statusEnabled: boolean): ResourceStrategy<CustomResource> {
  return {
    prepareForCreate(cr) {
      if (statusEnabled) delete cr.status;
    },
    prepareForUpdate(cr, old) {
      if (statusEnabled) {
        if (old.status !== undefined) cr.status = cloneJson(old.status);
        else delete cr.status;
      }
      if (contentChanged(cr, old, statusEnabled)) cr.metadata.generation = (old.metadata.generation ?? 0) + 1;
    },
    validate: (cr) => validator.validate(cr),
    validateUpdate: (cr, old) => validator.validateUpdate(cr, old),
    warningsOnCreate: () => [],
    warningsOnUpdate: () => [],
    canonicalize: () => {},
    allowCreateOnUpdate: false,
    allowUnconditionalUpdate: false,
  };
}

/** /status: the stored object with the request's status (and the managedFields recording it). */
export function customResourceStatusStrategy(validator: CustomResourceValidator): ResourceStrategy<CustomResource> {
  return {
    ...customResourceStrategy(validator, true),
    prepareForUpdate(cr, old) {
      const status = cr.status;
      const managedFields = cr.metadata.managedFields;
      for (const key of Object.keys(cr)) delete cr[key];
      Object.assign(cr, cloneJson(old));
      if (managedFields) cr.metadata.managedFields = managedFields;
      if (status !== undefined) cr.status = status;
      else delete cr.status;
    },
  };
}

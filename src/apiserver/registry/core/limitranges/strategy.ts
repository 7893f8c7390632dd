// What a write does to a LimitRange before validation: a nameless one is named with a fresh UUID
// (Kubernetes' strategy does so), and a Container item gets the defaults Kubernetes' v1 defaulting
// fills: a missing default limit from max, then a missing default request from the default limit
// and, failing that, from min.
import { randomUUID } from 'node:crypto';
import type { LimitRange, LimitRangeItem } from '../../../../api/core/v1/policy-types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { validateLimitRange, validateLimitRangeUpdate } from './validation.ts';

function defaultItem(item: LimitRangeItem): void {
  if (item.type !== 'Container') return;
  const def = { ...item.default };
  const defReq = { ...item.defaultRequest };
  for (const [key, value] of Object.entries(item.max ?? {})) if (!Object.hasOwn(def, key)) def[key] = value;
  for (const [key, value] of Object.entries(def)) if (!Object.hasOwn(defReq, key)) defReq[key] = value;
  for (const [key, value] of Object.entries(item.min ?? {})) if (!Object.hasOwn(defReq, key)) defReq[key] = value;
  // Go's omitempty leaves empty maps out.
  if (Object.keys(def).length) item.default = def;
  if (Object.keys(defReq).length) item.defaultRequest = defReq;
}

export function defaultLimitRange(lr: LimitRange): void {
  for (const item of lr.spec?.limits ?? []) defaultItem(item);
}

export const limitRangeStrategy: ResourceStrategy<LimitRange> = {
  prepareForCreate(lr) {
    if (!lr.metadata.name && !lr.metadata.generateName) lr.metadata.name = randomUUID();
    defaultLimitRange(lr);
  },
  prepareForUpdate(lr) {
    defaultLimitRange(lr);
  },
  validate: validateLimitRange,
  validateUpdate: validateLimitRangeUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: true,
  allowUnconditionalUpdate: true,
};

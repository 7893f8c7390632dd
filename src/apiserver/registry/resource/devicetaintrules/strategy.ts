// What a write may change on a DeviceTaintRule, as Kubernetes 1.35's strategy: a create starts
// with an empty status and generation 1, and a taint without timeAdded gets the current second;
// an update keeps the stored status, takes the current second as timeAdded when the effect
// changes but the time was left as it was (the time says when this effect began), and raises the
// generation on any spec change. /status keeps the spec and the metadata a status write may not touch.
import type { DeviceTaintRule } from '../../../../api/resource/v1alpha3/types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { keepMetadataForStatus } from '../../status-metadata.ts';
import { bumpGenerationOnSpecChange } from '../generation.ts';
import { validateDeviceTaintRule, validateDeviceTaintRuleStatusUpdate, validateDeviceTaintRuleUpdate } from './validation.ts';

/** Now, to the second (what a metav1.Time survives encoding with). */
export function nowToTheSecond(now = new Date()): string {
  return new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export function deviceTaintRuleStrategy(clock: () => Date = () => new Date()): ResourceStrategy<DeviceTaintRule> {
  return {
    prepareForCreate(rule) {
      rule.status = {};
      rule.metadata.generation = 1;
      if (rule.spec?.taint) rule.spec.taint.timeAdded ??= nowToTheSecond(clock());
    },
    prepareForUpdate(rule, old) {
      rule.status = structuredClone(old.status ?? {});
      const taint = rule.spec?.taint;
      const oldTaint = old.spec?.taint;
      if (taint && taint.effect !== oldTaint?.effect && taint.timeAdded === oldTaint?.timeAdded) taint.timeAdded = nowToTheSecond(clock());
      bumpGenerationOnSpecChange(rule, old);
    },
    validate: validateDeviceTaintRule,
    validateUpdate: validateDeviceTaintRuleUpdate,
    warningsOnCreate: () => [],
    warningsOnUpdate: () => [],
    canonicalize: () => {},
    allowCreateOnUpdate: false,
    allowUnconditionalUpdate: true,
  };
}

export function deviceTaintRuleStatusStrategy(main: ResourceStrategy<DeviceTaintRule>): ResourceStrategy<DeviceTaintRule> {
  return {
    ...main,
    prepareForUpdate(rule, old) {
      rule.spec = structuredClone(old.spec);
      keepMetadataForStatus(rule.metadata, old.metadata);
    },
    validateUpdate: validateDeviceTaintRuleStatusUpdate,
  };
}

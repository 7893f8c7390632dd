// From the replicas the metrics ask for to the replicas an autoscaler sets, as Kubernetes'
// horizontal controller normalizes them. Without spec.behavior: the highest recommendation of the
// downscale stabilization window, then at most max(2×current, 4) and within min/max. With it: the
// recommendation is held between the lowest of the scale-up window and the highest of the
// scale-down window, then limited by the policies (Pods or Percent per period, counting the changes
// made within the period) as selectPolicy picks them. Each decision names the AbleToScale and
// ScalingLimited reasons Kubernetes writes. Recommendations and past changes are kept per
// autoscaler in memory, as Kubernetes keeps them.
import type { HPAScalingRules } from '../../../api/autoscaling/v2/types.ts';

interface Timestamped {
  at: number;
}
interface Recommendation extends Timestamped {
  replicas: number;
}
interface ScaleEvent extends Timestamped {
  change: number;
  outdated: boolean;
}

export interface Decision {
  replicas: number;
  reason: string;
  message: string;
}

export interface NormalizedReplicas {
  replicas: number;
  /** AbleToScale's reason and message. */
  ableToScale: Decision;
  /** ScalingLimited is True when the limited count differs from the stabilized one. */
  limited: Decision & { status: 'True' | 'False' };
}

const WITHIN_RANGE = { reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };
const READY = { reason: 'ReadyForNewScale', message: 'recommended size matches current size' };
const SCALE_UP_LIMIT = { reason: 'ScaleUpLimit', message: 'the desired replica count is increasing faster than the maximum scale rate' };
const TOO_MANY = { reason: 'TooManyReplicas', message: 'the desired replica count is more than the maximum replica count' };
const SCALE_DOWN_LIMIT = { reason: 'ScaleDownLimit', message: 'the desired replica count is decreasing faster than the maximum scale rate' };
const TOO_FEW = { reason: 'TooFewReplicas', message: 'the desired replica count is less than the minimum replica count' };
const DOWN_STABILIZED = { reason: 'ScaleDownStabilized', message: 'recent recommendations were higher than current one, applying the highest recent recommendation' };
const UP_STABILIZED = { reason: 'ScaleUpStabilized', message: 'recent recommendations were lower than current one, applying the lowest recent recommendation' };

export interface NormalizeInput {
  key: string;
  currentReplicas: number;
  desiredReplicas: number;
  minReplicas: number;
  maxReplicas: number;
  /** Defaulted rules (the API server defaults them when behavior is given). */
  behavior?: { scaleUp: HPAScalingRules; scaleDown: HPAScalingRules };
}

/** Kubernetes' scaleUpLimitFactor and scaleUpLimitMinimum, for autoscalers without behavior. */
const SCALE_UP_FACTOR = 2;
const SCALE_UP_MINIMUM = 4;

export class ScalingHistory {
  private readonly recommendations = new Map<string, Recommendation[]>();
  private readonly scaleUps = new Map<string, ScaleEvent[]>();
  private readonly scaleDowns = new Map<string, ScaleEvent[]>();
  private readonly downscaleWindowMs: number;
  private readonly now: () => number;

  /** `downscaleWindowMs`: --horizontal-pod-autoscaler-downscale-stabilization. */
  constructor(downscaleWindowMs: number, now: () => number) {
    this.downscaleWindowMs = downscaleWindowMs;
    this.now = now;
  }

  /** The autoscaler is gone: its memory goes too. */
  forget(key: string): void {
    this.recommendations.delete(key);
    this.scaleUps.delete(key);
    this.scaleDowns.delete(key);
  }

  /** A new autoscaler starts with the current count as its one recommendation, so it does not scale down at once. */
  recordInitial(key: string, currentReplicas: number): void {
    if (!this.recommendations.has(key)) this.recommendations.set(key, [{ replicas: currentReplicas, at: this.now() }]);
  }

  normalize(input: NormalizeInput): NormalizedReplicas {
    return input.behavior ? this.withBehavior({ ...input, behavior: input.behavior }) : this.withoutBehavior(input);
  }

  /** Records a change made, for the policies' periods (only autoscalers with behavior count them). */
  recordScale(key: string, hasBehavior: boolean, from: number, to: number, longestPeriodSeconds: number): void {
    if (!hasBehavior || from === to) return;
    const events = (to > from ? this.scaleUps : this.scaleDowns);
    const list = events.get(key) ?? [];
    const cutoff = this.now() - longestPeriodSeconds * 1000;
    for (const e of list) if (e.at < cutoff) e.outdated = true;
    const event: ScaleEvent = { change: Math.abs(to - from), at: this.now(), outdated: false };
    const stale = list.findIndex((e) => e.outdated);
    if (stale >= 0) list[stale] = event;
    else list.push(event);
    events.set(key, list);
  }

  private withoutBehavior(input: NormalizeInput): NormalizedReplicas {
    const stabilized = this.stabilizeDown(input.key, input.desiredReplicas);
    const ableToScale = { replicas: stabilized, ...(stabilized !== input.desiredReplicas ? DOWN_STABILIZED : READY) };
    const scaleUpLimit = Math.max(SCALE_UP_FACTOR * input.currentReplicas, SCALE_UP_MINIMUM);
    const [maxAllowed, upLimit] = input.maxReplicas > scaleUpLimit ? [scaleUpLimit, SCALE_UP_LIMIT] : [input.maxReplicas, TOO_MANY];
    const minAllowed = input.minReplicas === 0 ? 1 : input.minReplicas;
    let limited: Decision;
    if (stabilized < minAllowed) limited = { replicas: minAllowed, ...TOO_FEW };
    else if (stabilized > maxAllowed) limited = { replicas: maxAllowed, ...upLimit };
    else limited = { replicas: stabilized, ...WITHIN_RANGE };
    return { replicas: limited.replicas, ableToScale, limited: { ...limited, status: limited.replicas === stabilized ? 'False' : 'True' } };
  }

  /** The highest recommendation within the downscale window, this one recorded. */
  private stabilizeDown(key: string, desired: number): number {
    const cutoff = this.now() - this.downscaleWindowMs;
    const list = this.recommendations.get(key) ?? [];
    let max = desired;
    let stale = -1;
    list.forEach((r, i) => {
      if (r.at < cutoff) stale = i;
      else max = Math.max(max, r.replicas);
    });
    const entry = { replicas: desired, at: this.now() };
    if (stale >= 0) list[stale] = entry;
    else list.push(entry);
    this.recommendations.set(key, list);
    return max;
  }

  private withBehavior(input: NormalizeInput & Required<Pick<NormalizeInput, 'behavior'>>): NormalizedReplicas {
    const { scaleUp } = input.behavior;
    const scaleDown = { ...input.behavior.scaleDown, stabilizationWindowSeconds: input.behavior.scaleDown.stabilizationWindowSeconds ?? this.downscaleWindowMs / 1000 };
    const stabilized = this.stabilizeBetween(input.key, input.currentReplicas, input.desiredReplicas, scaleUp.stabilizationWindowSeconds ?? 0, scaleDown.stabilizationWindowSeconds);
    const ableToScale = stabilized.replicas !== input.desiredReplicas ? stabilized : { replicas: stabilized.replicas, ...READY };
    const limited = this.limitByRate(input, stabilized.replicas, scaleUp, scaleDown);
    return { replicas: limited.replicas, ableToScale, limited: { ...limited, status: limited.replicas === stabilized.replicas ? 'False' : 'True' } };
  }

  /** stabilizeRecommendationWithBehaviors: current held between the up window's lowest and the down window's highest. */
  private stabilizeBetween(key: string, current: number, desired: number, upWindowSeconds: number, downWindowSeconds: number): Decision {
    const now = this.now();
    const upCutoff = now - upWindowSeconds * 1000;
    const downCutoff = now - downWindowSeconds * 1000;
    let up = desired;
    let down = desired;
    let stale = -1;
    const list = this.recommendations.get(key) ?? [];
    list.forEach((r, i) => {
      if (r.at > upCutoff) up = Math.min(up, r.replicas);
      if (r.at > downCutoff) down = Math.max(down, r.replicas);
      if (r.at < upCutoff && r.at < downCutoff) stale = i;
    });
    let replicas = current;
    if (replicas < up) replicas = up;
    if (replicas > down) replicas = down;
    const entry = { replicas: desired, at: now };
    if (stale >= 0) list[stale] = entry;
    else list.push(entry);
    this.recommendations.set(key, list);
    return { replicas, ...(desired >= current ? UP_STABILIZED : DOWN_STABILIZED) };
  }

  /** Replicas added (or removed) within the last `periodSeconds`. */
  private changedWithin(events: ScaleEvent[] | undefined, periodSeconds: number): number {
    const cutoff = this.now() - periodSeconds * 1000;
    return (events ?? []).reduce((sum, e) => (e.at > cutoff ? sum + e.change : sum), 0);
  }

  private periodStart(key: string, current: number, periodSeconds: number): number {
    return current - this.changedWithin(this.scaleUps.get(key), periodSeconds) + this.changedWithin(this.scaleDowns.get(key), periodSeconds);
  }

  /** calculateScaleUpLimitWithScalingRules. */
  scaleUpLimit(key: string, current: number, rules: HPAScalingRules): number {
    if (rules.selectPolicy === 'Disabled') return current;
    const pick = rules.selectPolicy === 'Min' ? Math.min : Math.max;
    let result = rules.selectPolicy === 'Min' ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER;
    for (const policy of rules.policies ?? []) {
      const start = this.periodStart(key, current, policy.periodSeconds);
      const proposed = policy.type === 'Pods' ? start + policy.value : Math.ceil(start * (1 + policy.value / 100));
      result = pick(result, proposed);
    }
    return result;
  }

  /** calculateScaleDownLimitWithBehaviors. */
  scaleDownLimit(key: string, current: number, rules: HPAScalingRules): number {
    if (rules.selectPolicy === 'Disabled') return current;
    const pick = rules.selectPolicy === 'Min' ? Math.max : Math.min;
    let result = rules.selectPolicy === 'Min' ? Number.MIN_SAFE_INTEGER : Number.MAX_SAFE_INTEGER;
    for (const policy of rules.policies ?? []) {
      const start = this.periodStart(key, current, policy.periodSeconds);
      const proposed = policy.type === 'Pods' ? start - policy.value : Math.trunc(start * (1 - policy.value / 100));
      result = pick(result, proposed);
    }
    return result;
  }

  /** convertDesiredReplicasWithBehaviorRate. */
  private limitByRate(input: NormalizeInput, desired: number, scaleUp: HPAScalingRules, scaleDown: HPAScalingRules): Decision {
    const current = input.currentReplicas;
    if (desired > current) {
      const limit = Math.max(this.scaleUpLimit(input.key, current, scaleUp), current);
      const [maxAllowed, why] = input.maxReplicas > limit ? [limit, SCALE_UP_LIMIT] : [input.maxReplicas, TOO_MANY];
      if (desired > maxAllowed) return { replicas: maxAllowed, ...why };
    } else if (desired < current) {
      const limit = Math.min(this.scaleDownLimit(input.key, current, scaleDown), current);
      const [minAllowed, why] = input.minReplicas < limit ? [limit, SCALE_DOWN_LIMIT] : [input.minReplicas, TOO_FEW];
      if (desired < minAllowed) return { replicas: minAllowed, ...why };
    }
    return { replicas: desired, ...WITHIN_RANGE };
  }
}

/** The longest policy period of the direction a change went (what recordScale forgets after). */
export function longestPeriodSeconds(rules: HPAScalingRules | undefined): number {
  return Math.max(0, ...(rules?.policies ?? []).map((p) => p.periodSeconds));
}

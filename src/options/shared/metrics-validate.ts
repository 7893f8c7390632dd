// Rules of the shared metrics rows.
import { BINARY_MAJOR, BINARY_MINOR, parseMajorMinor } from '../../component-base/version/version.ts';
import { map, str, type ValidationContext } from '../validation-context.ts';

export function validateMetrics(ctx: ValidationContext): void {
  const hidden = str(ctx, 'show-hidden-metrics-for-version');
  if (hidden !== '') {
    const previous = `${BINARY_MAJOR}.${BINARY_MINOR - 1}`;
    const parsed = parseMajorMinor(hidden);
    if (!parsed || parsed.major !== BINARY_MAJOR || parsed.minor !== BINARY_MINOR - 1) {
      ctx.errors.push(`--show-hidden-metrics-for-version must be omitted or have the value '${previous}'. Only the previous minor version is allowed`);
    }
  }
  for (const key of Object.keys(map(ctx, 'allow-metric-labels'))) {
    const parts = key.split(',');
    if (parts.length !== 2 || parts.some((p) => p.trim() === '')) {
      ctx.errors.push(`--allow-metric-labels: key ${JSON.stringify(key)} must have the form <MetricName>,<LabelName>`);
    }
  }
}

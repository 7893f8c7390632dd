// Rules of the admission rows.
import { isSet, list, rejectNegative, type ValidationContext } from '../validation-context.ts';
import { allAdmissionPlugins } from './admission-plugins.ts';

export function validateAdmission(ctx: ValidationContext): void {
  for (const flag of ['enable-admission-plugins', 'disable-admission-plugins', 'admission-control']) {
    for (const plugin of list(ctx, flag)) {
      if (!allAdmissionPlugins.has(plugin)) ctx.errors.push(`--${flag}: plugin ${JSON.stringify(plugin)} is unknown`);
    }
  }
  const disabled = new Set(list(ctx, 'disable-admission-plugins'));
  const both = list(ctx, 'enable-admission-plugins').filter((p) => disabled.has(p));
  if (both.length > 0) {
    ctx.errors.push(`[${both.join(' ')}] in --enable-admission-plugins and --disable-admission-plugins overlapped`);
  }
  if (isSet(ctx, 'admission-control') && (isSet(ctx, 'enable-admission-plugins') || isSet(ctx, 'disable-admission-plugins'))) {
    ctx.errors.push('--admission-control and --enable-admission-plugins/--disable-admission-plugins flags are mutually exclusive');
  }
  rejectNegative(ctx, ['default-not-ready-toleration-seconds', 'default-unreachable-toleration-seconds']);
}

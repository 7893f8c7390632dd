// Rules of the shared logging rows.
import { parseVmodule } from '../../component-base/logs/klog.ts';
import { bool, num, str, type ValidationContext } from '../validation-context.ts';

export const LOGGING_FORMATS: readonly string[] = ['text'];

export function validateLogging(ctx: ValidationContext): void {
  const format = str(ctx, 'logging-format');
  if (!LOGGING_FORMATS.includes(format)) {
    ctx.errors.push(`--logging-format: Unsupported value: ${JSON.stringify(format)}: supported values: ${LOGGING_FORMATS.map((f) => JSON.stringify(f)).join(', ')}`);
  }
  const verbosity = num(ctx, 'v');
  if (verbosity !== undefined && verbosity < 0) {
    ctx.errors.push(`invalid argument "${verbosity}" for "-v, --v" flag: the log level must not be negative`);
  }
  const vmodule = str(ctx, 'vmodule');
  if (vmodule !== '') {
    try {
      parseVmodule(vmodule);
    } catch (err) {
      ctx.errors.push(`invalid argument ${JSON.stringify(vmodule)} for "--vmodule" flag: ${(err as Error).message}`);
    }
  }
  const alphaOn = ctx.gates.enabled('LoggingAlphaOptions');
  if (bool(ctx, 'log-text-split-stream') && !alphaOn) {
    ctx.errors.push('--log-text-split-stream: Forbidden: Feature LoggingAlphaOptions is disabled');
  }
  if ((num(ctx, 'log-text-info-buffer-size') ?? 0) !== 0 && !alphaOn) {
    ctx.errors.push('--log-text-info-buffer-size: Forbidden: Feature LoggingAlphaOptions is disabled');
  }
  const flush = num(ctx, 'log-flush-frequency');
  if (flush !== undefined && flush <= 0) ctx.errors.push('--log-flush-frequency must be a positive duration');
}

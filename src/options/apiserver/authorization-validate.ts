// Rules of the authorization rows, including the exclusions with --authorization-config.
import { isSet, list, str, type ValidationContext } from '../validation-context.ts';
import { authorizationModes, authorizationWebhookFlagNames } from './authorization.ts';
import { REVIEW_VERSIONS } from './authentication-validate.ts';

export function validateAuthorization(ctx: ValidationContext): void {
  if (isSet(ctx, 'authorization-config')) {
    if (!ctx.gates.enabled('StructuredAuthorizationConfiguration')) {
      ctx.errors.push('--authorization-config requires the StructuredAuthorizationConfiguration feature gate');
    }
    if (ctx.given.has('authorization-mode')) {
      ctx.errors.push('--authorization-config can not be specified when --authorization-mode is specified');
    }
    for (const name of authorizationWebhookFlagNames) {
      if (ctx.given.has(name)) ctx.errors.push(`--authorization-config can not be specified when --${name} is specified`);
    }
    return;
  }
  const modes = list(ctx, 'authorization-mode');
  const seen = new Set<string>();
  for (const mode of modes) {
    if (!authorizationModes.includes(mode)) {
      ctx.errors.push(`--authorization-mode ${JSON.stringify(mode)} is not a valid mode, allowed: ${authorizationModes.join(', ')}`);
    } else if (seen.has(mode)) {
      ctx.errors.push(`--authorization-mode ${JSON.stringify(mode)} has mode specified more than once`);
    }
    seen.add(mode);
  }
  if (ctx.given.has('authorization-mode') && modes.length === 0) {
    ctx.errors.push('--authorization-mode must name at least one mode');
  }
  if (seen.has('ABAC') && !isSet(ctx, 'authorization-policy-file')) {
    ctx.errors.push('--authorization-mode ABAC requires --authorization-policy-file');
  }
  if (!seen.has('ABAC') && isSet(ctx, 'authorization-policy-file')) {
    ctx.errors.push('--authorization-policy-file can only be given with --authorization-mode ABAC');
  }
  if (seen.has('Webhook') && !isSet(ctx, 'authorization-webhook-config-file')) {
    ctx.errors.push('--authorization-mode Webhook requires --authorization-webhook-config-file');
  }
  if (!seen.has('Webhook') && isSet(ctx, 'authorization-webhook-config-file')) {
    ctx.errors.push('--authorization-webhook-config-file can only be given with --authorization-mode Webhook');
  }
  const version = str(ctx, 'authorization-webhook-version');
  if (!REVIEW_VERSIONS.includes(version)) {
    ctx.errors.push(`--authorization-webhook-version: invalid version ${JSON.stringify(version)}, allowed: ${REVIEW_VERSIONS.join(', ')}`);
  }
}

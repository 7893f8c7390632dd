// Rules of the serving and authentication rows: the shared secure-serving rules, except that
// --secure-port 0 turns HTTPS off here; always-allow paths are absolute; the UID header needs its gate.
import { isSet, list, num, type ValidationContext } from '../validation-context.ts';
import { validateSecureServing } from '../shared/secure-serving-validate.ts';

export function validateControllerManagerServing(ctx: ValidationContext): void {
  // The shared rule refuses port 0; here 0 is allowed, so the port is checked on its own.
  validateSecureServing({ ...ctx, values: { ...ctx.values, 'secure-port': undefined } });
  const port = num(ctx, 'secure-port');
  if (port !== undefined && (port < 0 || port > 65535)) {
    ctx.errors.push(`--secure-port ${port} must be between 0 and 65535, inclusive. 0 for turning off secure port`);
  }
}

export function validateDelegatedAuth(ctx: ValidationContext): void {
  for (const path of list(ctx, 'authorization-always-allow-paths')) {
    if (!path.startsWith('/')) ctx.errors.push(`--authorization-always-allow-paths: ${JSON.stringify(path)} must begin with "/"`);
  }
  if (isSet(ctx, 'requestheader-uid-headers') && !ctx.gates.enabled('RemoteRequestHeaderUID')) {
    ctx.errors.push('--requestheader-uid-headers requires the RemoteRequestHeaderUID feature to be enabled');
  }
}

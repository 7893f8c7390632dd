// Rules of the certificate signing rows: the general pair excludes every specific signer's pair,
// and a pair is given whole.
import { isSet, num, type ValidationContext } from '../validation-context.ts';
import { SPECIFIC_SIGNERS, specificSignerFlagNames } from './cert-signing.ts';

export function validateCertSigning(ctx: ValidationContext): void {
  const general = ['cluster-signing-cert-file', 'cluster-signing-key-file'].filter((n) => isSet(ctx, n));
  const specific = specificSignerFlagNames.filter((n) => isSet(ctx, n));
  if (general.length > 0 && specific.length > 0) {
    ctx.errors.push(
      `${specific.map((n) => `--${n}`).join(', ')} cannot be given together with ${general.map((n) => `--${n}`).join(' or ')}: ` +
        'when --cluster-signing-cert-file or --cluster-signing-key-file is given, no more specific --cluster-signing-* option is permitted',
    );
  }
  const pairs: Array<[string, string]> = [
    ['cluster-signing-cert-file', 'cluster-signing-key-file'],
    ...SPECIFIC_SIGNERS.map(([infix]): [string, string] => [`cluster-signing-${infix}-cert-file`, `cluster-signing-${infix}-key-file`]),
  ];
  for (const [cert, key] of pairs) {
    if (isSet(ctx, cert) !== isSet(ctx, key)) ctx.errors.push(`--${cert} and --${key} must be given together`);
  }
  for (const name of ['cluster-signing-duration', 'legacy-service-account-token-clean-up-period']) {
    const value = num(ctx, name);
    if (value !== undefined && value <= 0) ctx.errors.push(`--${name} must be a positive duration`);
  }
}

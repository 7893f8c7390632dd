// Rules of the service account token rows.
import { isSet, list, num, str, type ValidationContext } from '../validation-context.ts';

const HOUR = 3_600_000;
const MAX_EXPIRATION = 2 ** 32 * 1000;

export function validateServiceAccounts(ctx: ValidationContext): void {
  const endpoint = isSet(ctx, 'service-account-signing-endpoint');
  if (endpoint) {
    for (const other of ['service-account-signing-key-file', 'service-account-key-file']) {
      if (isSet(ctx, other)) ctx.errors.push(`--service-account-signing-endpoint and --${other} are mutually exclusive`);
    }
    if (!ctx.gates.enabled('ExternalServiceAccountTokenSigner')) {
      ctx.errors.push('--service-account-signing-endpoint requires the ExternalServiceAccountTokenSigner feature gate');
    }
  }
  if (isSet(ctx, 'service-account-signing-key-file') && !isSet(ctx, 'service-account-key-file') && !isSet(ctx, 'tls-private-key-file')) {
    ctx.errors.push('--service-account-key-file is required when --service-account-signing-key-file is given (or --tls-private-key-file to fall back on)');
  }
  const seen = new Set<string>();
  for (const issuer of list(ctx, 'service-account-issuer')) {
    if (issuer === '') ctx.errors.push('--service-account-issuer must not be empty');
    else if (seen.has(issuer)) ctx.errors.push(`--service-account-issuer ${JSON.stringify(issuer)} is already specified`);
    else if (issuer.includes(':') && !URL.canParse(issuer)) {
      ctx.errors.push(`--service-account-issuer ${JSON.stringify(issuer)} contained a ':' but was not a valid URL`);
    }
    seen.add(issuer);
  }
  const jwksUri = str(ctx, 'service-account-jwks-uri');
  if (jwksUri !== '') {
    if (!URL.canParse(jwksUri)) ctx.errors.push(`--service-account-jwks-uri ${JSON.stringify(jwksUri)} must be a valid URL`);
    else if (new URL(jwksUri).protocol !== 'https:') ctx.errors.push('--service-account-jwks-uri requires https scheme');
  }
  const maxExpiration = num(ctx, 'service-account-max-token-expiration');
  if (maxExpiration !== undefined && maxExpiration !== 0 && (maxExpiration < HOUR || maxExpiration > MAX_EXPIRATION)) {
    ctx.errors.push('--service-account-max-token-expiration must be between 1 hour and 2^32 seconds');
  }
}

// Rules of the authentication and OIDC rows, including the exclusions with --authentication-config.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from '../../machinery/lazy/yaml.ts';
import { isSet, list, map, str, type ValidationContext } from '../validation-context.ts';
import { oidcFlagNames } from './authentication.ts';

export const OIDC_SIGNING_ALGS: readonly string[] = ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512'];
export const REVIEW_VERSIONS: readonly string[] = ['v1', 'v1beta1'];

export function validateAuthentication(ctx: ValidationContext): void {
  validateAuthenticationConfig(ctx);
  validateOidc(ctx);
  const webhookVersion = str(ctx, 'authentication-token-webhook-version');
  if (!REVIEW_VERSIONS.includes(webhookVersion)) {
    ctx.errors.push(`--authentication-token-webhook-version: invalid version ${JSON.stringify(webhookVersion)}, allowed: ${REVIEW_VERSIONS.join(', ')}`);
  }
  if (isSet(ctx, 'requestheader-uid-headers') && !ctx.gates.enabled('RemoteRequestHeaderUID')) {
    ctx.errors.push('--requestheader-uid-headers requires the RemoteRequestHeaderUID feature to be enabled');
  }
}

// --authentication-config excludes the --oidc-* flags when the file configures JWT
// authenticators, and --anonymous-auth when it configures the anonymous authenticator.
function validateAuthenticationConfig(ctx: ValidationContext): void {
  const file = str(ctx, 'authentication-config');
  if (!isSet(ctx, 'authentication-config')) return;
  if (!ctx.gates.enabled('StructuredAuthenticationConfiguration')) {
    ctx.errors.push('--authentication-config requires the StructuredAuthenticationConfiguration feature gate');
  }
  const oidcGiven = oidcFlagNames.filter((name) => isSet(ctx, name));
  const anonymousGiven = ctx.given.has('anonymous-auth');
  if (oidcGiven.length === 0 && !anonymousGiven) return;
  let config: unknown;
  try {
    config = parseYaml(readFileSync(file, 'utf8'));
  } catch (err) {
    ctx.errors.push(`--authentication-config: cannot read ${JSON.stringify(file)}: ${(err as Error).message}`);
    return;
  }
  const doc = (config && typeof config === 'object' ? config : {}) as Record<string, unknown>;
  const hasJwt = Array.isArray(doc['jwt']) && doc['jwt'].length > 0;
  if (hasJwt && oidcGiven.length > 0) {
    ctx.errors.push(`--authentication-config and --oidc-* flags are mutually exclusive (given: ${oidcGiven.map((n) => `--${n}`).join(', ')})`);
  }
  if (doc['anonymous'] != null && anonymousGiven) {
    ctx.errors.push('--authentication-config configures the anonymous authenticator, so --anonymous-auth may not be given');
  }
}

function validateOidc(ctx: ValidationContext): void {
  const issuer = str(ctx, 'oidc-issuer-url');
  const clientId = str(ctx, 'oidc-client-id');
  if ((issuer !== '') !== (clientId !== '')) {
    ctx.errors.push('--oidc-issuer-url and --oidc-client-id must be specified together');
  }
  if (issuer !== '') {
    let url: URL | undefined;
    try {
      url = new URL(issuer);
    } catch {
      url = undefined;
    }
    if (!url || url.protocol !== 'https:') ctx.errors.push(`--oidc-issuer-url ${JSON.stringify(issuer)} must be a valid URL with the https scheme`);
  }
  for (const alg of list(ctx, 'oidc-signing-algs')) {
    if (!OIDC_SIGNING_ALGS.includes(alg)) ctx.errors.push(`--oidc-signing-algs: unsupported signing algorithm ${JSON.stringify(alg)}, allowed: ${OIDC_SIGNING_ALGS.join(', ')}`);
  }
  for (const key of Object.keys(map(ctx, 'oidc-required-claim'))) {
    if (key === '') ctx.errors.push('--oidc-required-claim: the claim name must not be empty');
  }
}

// The --oidc-* flags as one JWT authenticator configuration, with Kubernetes' defaults: claims
// other than `email` are prefixed by the issuer URL and `#` unless --oidc-username-prefix is given,
// and `-` turns prefixing off.
import { readFileSync } from 'node:fs';
import type { OidcOptions } from '../../options/apiserver/authentication-options.ts';
import type { JwtAuthenticatorConfig } from './jwt.ts';

export function usernamePrefixFor(issuerURL: string, claim: string, prefix: string | undefined): string {
  if (prefix === '-') return '';
  if (prefix !== undefined && prefix !== '') return prefix;
  return claim === 'email' ? '' : `${issuerURL}#`;
}

/** null when --oidc-issuer-url is not given. */
export function oidcConfigFromFlags(opts: OidcOptions): JwtAuthenticatorConfig | null {
  const url = opts.issuerURL;
  if (url === '') return null;
  const clientID = opts.clientID;
  if (clientID === '') throw new Error('--oidc-client-id must be set when --oidc-issuer-url is set');
  const caFile = opts.caFile;
  let certificateAuthority: string | undefined;
  if (caFile) {
    try {
      certificateAuthority = readFileSync(caFile, 'utf8');
    } catch (err) {
      throw new Error(`--oidc-ca-file ${caFile}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  const claim = opts.usernameClaim || 'sub';
  const groupsClaim = opts.groupsClaim;
  return {
    issuer: { url, audiences: [clientID], certificateAuthority },
    claimValidationRules: Object.entries(opts.requiredClaims).map(([claim, requiredValue]) => ({ claim, requiredValue })),
    claimMappings: {
      username: { claim, prefix: usernamePrefixFor(url, claim, opts.usernamePrefix) },
      ...(groupsClaim ? { groups: { claim: groupsClaim, prefix: opts.groupsPrefix } } : {}),
    },
    signingAlgs: opts.signingAlgs.length ? opts.signingAlgs : ['RS256'],
  };
}

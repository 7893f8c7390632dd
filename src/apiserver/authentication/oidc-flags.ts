// The --oidc-* flags as one JWT authenticator configuration, with Kubernetes' defaults: claims
// other than `email` are prefixed by the issuer URL and `#` unless --oidc-username-prefix is given,
// and `-` turns prefixing off.
import { readFileSync } from 'node:fs';
import type { FlagValues } from '../../options/flag.ts';
import { stringFlag } from '../../options/flag-values.ts';
import type { JwtAuthenticatorConfig } from './jwt.ts';

export function usernamePrefixFor(issuerURL: string, claim: string, prefix: string | undefined): string {
  if (prefix === '-') return '';
  if (prefix !== undefined && prefix !== '') return prefix;
  return claim === 'email' ? '' : `${issuerURL}#`;
}

/** null when --oidc-issuer-url is not given. */
export function oidcConfigFromFlags(values: FlagValues): JwtAuthenticatorConfig | null {
  const url = stringFlag(values, 'oidc-issuer-url');
  if (url === '') return null;
  const clientID = stringFlag(values, 'oidc-client-id');
  if (clientID === '') throw new Error('--oidc-client-id must be set when --oidc-issuer-url is set');
  const caFile = stringFlag(values, 'oidc-ca-file');
  let certificateAuthority: string | undefined;
  if (caFile) {
    try {
      certificateAuthority = readFileSync(caFile, 'utf8');
    } catch (err) {
      throw new Error(`--oidc-ca-file ${caFile}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  const claim = stringFlag(values, 'oidc-username-claim') || 'sub';
  const groupsClaim = stringFlag(values, 'oidc-groups-claim');
  const required = values['oidc-required-claim'];
  const algs = values['oidc-signing-algs'];
  return {
    issuer: { url, audiences: [clientID], certificateAuthority },
    claimValidationRules: Object.entries(required && typeof required === 'object' && !Array.isArray(required) ? (required as Record<string, string>) : {}).map(
      ([claim, requiredValue]) => ({ claim, requiredValue }),
    ),
    claimMappings: {
      username: { claim, prefix: usernamePrefixFor(url, claim, values['oidc-username-prefix'] as string | undefined) },
      ...(groupsClaim ? { groups: { claim: groupsClaim, prefix: stringFlag(values, 'oidc-groups-prefix') } } : {}),
    },
    signingAlgs: Array.isArray(algs) && algs.length ? algs : ['RS256'],
  };
}

// Builds the request authenticator from the authentication options. Order as in Kubernetes:
// credential-bearing methods first, anonymous last and only when nothing else applied.
import type { FlagValues } from '../../options/flag.ts';
import { anonymousAuthenticator } from './anonymous.ts';
import { bearerTokenAuthenticator } from './bearer-token.ts';
import { loadTokenFile } from './token-file.ts';
import type { RequestAuthenticator, TokenAuthenticator } from './types.ts';
import { unionAuthenticator, withAuthenticatedGroup } from './union.ts';

export interface AuthenticationConfig {
  authenticator: RequestAuthenticator;
  anonymousEnabled: boolean;
}

export function buildAuthenticator(values: FlagValues, extraTokenAuthenticators: TokenAuthenticator[] = []): AuthenticationConfig {
  const tokens: TokenAuthenticator[] = [];
  const tokenFile = values['token-auth-file'];
  if (typeof tokenFile === 'string' && tokenFile !== '') tokens.push(loadTokenFile(tokenFile));
  tokens.push(...extraTokenAuthenticators);
  const methods: RequestAuthenticator[] = [];
  if (tokens.length) methods.push(bearerTokenAuthenticator(tokens));
  const anonymousEnabled = values['anonymous-auth'] !== false;
  const named = withAuthenticatedGroup(unionAuthenticator(methods));
  const authenticator = anonymousEnabled ? unionAuthenticator([named, anonymousAuthenticator()]) : named;
  return { authenticator, anonymousEnabled };
}

// Signs service account tokens with the issuer's key: the first --service-account-issuer is the
// `iss` of every token issued here (all of them are accepted by the authenticator).
import type { JWTPayload } from 'jose';
import { jose } from '../../machinery/lazy/jose.ts';
import type { SigningKey } from './signing-key.ts';

export interface TokenIssuer {
  issuer: string;
  key: SigningKey;
  sign(claims: JWTPayload): Promise<string>;
}

export function tokenIssuer(issuer: string, key: SigningKey): TokenIssuer {
  return {
    issuer,
    key,
    sign: (claims) => new (jose().SignJWT)(claims).setProtectedHeader({ alg: key.alg, kid: key.kid }).sign(key.privateKey),
  };
}

// The jose package (JWS and JWT), loaded when a token is first verified or issued or the issuer's
// keys are first published (lazy-require.ts): ~45 modules a server does not need to start.
import type * as Jose from 'jose';
import { lazyRequire } from './lazy-require.ts';

export const jose = lazyRequire<typeof Jose>('jose');

// tweetnacl, for the secretbox encryption provider, loaded with its first key
// (lazy-require.ts): most servers encrypt nothing.
import type * as Tweetnacl from 'tweetnacl';
import { lazyRequire } from './lazy-require.ts';

export const tweetnacl = lazyRequire<typeof Tweetnacl>('tweetnacl');

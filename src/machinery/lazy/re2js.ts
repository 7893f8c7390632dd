// re2js, Go's regular expression engine, loaded when a pattern is first compiled (lazy-require.ts):
// CRD schemas with patterns and CEL's matches(), which a server does not need to start.
import type * as Re2js from 're2js';
import { lazyRequire } from './lazy-require.ts';

export const re2js = lazyRequire<typeof Re2js>('re2js');

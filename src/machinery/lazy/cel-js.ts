// The CEL interpreter package, loaded when an expression is first compiled or a CRD rule first runs
// (lazy-require.ts): policies, CRD rules and CEL-based authentication are not needed to start.
import type * as CelJs from '@marcbachmann/cel-js';
import { lazyRequire } from './lazy-require.ts';

export const celJs = lazyRequire<typeof CelJs>('@marcbachmann/cel-js');

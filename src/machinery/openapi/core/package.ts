// core/v1's types declared as Go structs (go-structs.ts), one file per area; the definitions and
// Go field tables of the package are derived from them.
import { CORE_V1 } from '../names.ts';
import type { GoPackage } from '../go-structs.ts';
import { containerStructs } from './container-structs.ts';
import { nodeStructs } from './node-structs.ts';
import { podStructs } from './pod-structs.ts';
import { quotaStructs } from './quota-structs.ts';
import { serviceStructs } from './service-structs.ts';
import { volumeStructs } from './volume-structs.ts';

export const corePackage: GoPackage = {
  prefix: CORE_V1,
  goPackage: 'v1',
  structs: { ...quotaStructs, ...containerStructs, ...volumeStructs, ...podStructs, ...serviceStructs, ...nodeStructs },
};

// lazy-sources.ts as the bundled daemon has it (scripts/bundle.ts swaps it in): esbuild bundles
// each require() below and wraps the module it names so that it is evaluated on the first call.
import type * as ProtobufCodec from '../codecs/protobuf.ts';
import type * as GnosticV2 from '../openapi/gnostic-v2.ts';
import { lazyLoad } from './lazy-require.ts';

export const protobufCodec = lazyLoad<typeof ProtobufCodec>(() => require('../codecs/protobuf.ts'));
export const gnosticV2 = lazyLoad<typeof GnosticV2>(() => require('../openapi/gnostic-v2.ts'));

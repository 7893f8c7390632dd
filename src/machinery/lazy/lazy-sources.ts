// Our own modules that a synchronous path needs only on its first use: the protobuf codec (and
// with it protobufjs) and the gnostic encoding of the OpenAPI v2 document. Run from source, each
// is required by its file URL. The bundled daemon replaces this module by lazy-sources.bundled.ts,
// where esbuild resolves the same files into the bundle, evaluated on first use: a file URL
// there would load a second copy of each module beside the bundle's (scripts/bundle.ts).
import type * as ProtobufCodec from '../codecs/protobuf.ts';
import type * as GnosticV2 from '../openapi/gnostic-v2.ts';
import { lazyRequire } from './lazy-require.ts';

export const protobufCodec = lazyRequire<typeof ProtobufCodec>(new URL('../codecs/protobuf.ts', import.meta.url));
export const gnosticV2 = lazyRequire<typeof GnosticV2>(new URL('../openapi/gnostic-v2.ts', import.meta.url));

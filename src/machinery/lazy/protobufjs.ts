// protobufjs, loaded on first use (lazy-require.ts): protobuf bodies, the gnostic OpenAPI document
// and the etcd store's envelope. A static import would load it at start in the bundled daemon,
// which hoists a package's import out of a module evaluated lazily.
import type Protobuf from 'protobufjs';
import { lazyRequire } from './lazy-require.ts';

export const protobufjs = lazyRequire<typeof Protobuf>('protobufjs');

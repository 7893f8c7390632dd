// Wire codecs and content negotiation, as the REST handlers call them.

export { negotiateOutput, wantsPretty } from './negotiate.ts';
export type { NegotiatedOutput, NegotiateOptions } from './negotiate.ts';
export { decodeBody, encodeBody } from './body.ts';
export { decodeProtobuf, encodeProtobuf, supportsProtobuf } from './protobuf.ts';
export { decodeProtobufWatchFrames, encodeWatchFrame } from './watch-frame.ts';
export type { WireWatchEvent } from './watch-frame.ts';
export { maybeGzip, gzipThresholdBytes } from './gzip.ts';
export { jsonMediaType, protobufMediaType, yamlMediaType, parseAccept, parseMediaType } from './media-types.ts';
export type { MediaType } from './media-types.ts';

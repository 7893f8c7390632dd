// How objects are encoded in storage. One codec per --storage-media-type; decodeAny reads every
// stored form, so objects written before the media type changed stay readable.
import type { ApiObject } from '../interface.ts';

export interface Codec {
  mediaType: string;
  encode(obj: ApiObject): Uint8Array;
  decode(bytes: Uint8Array): ApiObject;
  /** decode(encode(obj)) is what JSON.parse(JSON.stringify(obj)) gives, so a copy can stand in for decoding. */
  jsonRoundTrip?: boolean;
}

/** Thrown when stored bytes cannot be decoded as an object. */
export class CodecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CodecError';
  }
}

/** Checks the decoded value looks like an API object (a mapping with a metadata mapping). */
export function asApiObject(value: unknown, form: string): ApiObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new CodecError(`stored ${form} is not an object`);
  const obj = value as ApiObject;
  if (obj.metadata === undefined) obj.metadata = {};
  else if (obj.metadata === null || typeof obj.metadata !== 'object' || Array.isArray(obj.metadata)) {
    throw new CodecError(`stored ${form} has a metadata field that is not an object`);
  }
  return obj;
}

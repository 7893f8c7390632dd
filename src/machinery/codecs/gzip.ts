// Response compression (APIResponseCompression): gzip bodies of 128 KiB or more when the client
// accepts gzip; smaller bodies are cheaper to send as they are.

// zlib is taken with the first large response rather than at start (~2 ms).
const zlib = () => process.getBuiltinModule('node:zlib');

export const gzipThresholdBytes = 128 * 1024;

export function maybeGzip(acceptEncoding: string | undefined, body: Buffer): { body: Buffer; encoding?: 'gzip' } {
  if (body.length < gzipThresholdBytes || !acceptsGzip(acceptEncoding)) return { body };
  return { body: zlib().gzipSync(body), encoding: 'gzip' };
}

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [coding, ...params] = part.split(';').map((p) => p.trim());
    if (coding?.toLowerCase() !== 'gzip') continue;
    const q = params.find((p) => p.toLowerCase().startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

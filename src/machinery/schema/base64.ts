// Go's standard base64 decoding as Kubernetes reads []byte fields: where the first bad byte is,
// for the `illegal base64 data at input byte N` error.

const LEADING = /^[A-Za-z0-9+/]*/;

/** The offset Go's base64 decoder reports for the first bad byte, or -1 when `text` is valid. */
export function base64ErrorOffset(text: string): number {
  // Go's decoder skips line breaks.
  const s = text.includes('\n') || text.includes('\r') ? text.replace(/[\r\n]/g, '') : text;
  const body = LEADING.exec(s)![0].length;
  let i = body;
  while (i < s.length && s[i] === '=') i++;
  const pad = i - body;
  if (i < s.length) return pad > 0 ? body : i;
  if (pad > 2) return body + 2;
  if ((body + pad) % 4 !== 0) return pad ? body : Math.floor(body / 4) * 4;
  if (pad && body % 4 < 2) return body;
  return -1;
}

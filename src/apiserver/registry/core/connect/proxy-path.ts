// The path and query a proxy request asks of its backend: the path after …/proxy, cleaned as Go's
// path.Join cleans it with a trailing slash kept (JoinPreserveTrailingSlash), escaped as Go's
// url.URL writes a path, and the client's query exactly as sent.
import { posix } from 'node:path';
import type { Request } from '../../../../component-base/serving/request-context.ts';

/** Characters Go leaves unescaped in a path besides letters, digits and -_.~ */
const PATH_KEEP: Record<string, string> = { '%24': '$', '%26': '&', '%2B': '+', '%2C': ',', '%3A': ':', '%3B': ';', '%3D': '=', '%40': '@' };

function escapeSegment(segment: string): string {
  return encodeURIComponent(segment)
    .replace(/%(24|26|2B|2C|3A|3B|3D|40)/g, (m) => PATH_KEEP[m]!)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The backend path for the part of the URL after the proxy subresource ('' for none). */
export function proxyPath(subpath: string): string {
  if (subpath === '') return '/';
  let joined = posix.normalize(subpath);
  if (joined.length > 1 && joined.endsWith('/')) joined = joined.slice(0, -1);
  if (subpath.endsWith('/') && !joined.endsWith('/')) joined += '/';
  if (!joined.startsWith('/')) joined = `/${joined}`;
  return joined.split('/').map(escapeSegment).join('/');
}

/** The client's query as it was written ('' when none), with its '?'. */
export function rawQuery(req: Request): string {
  const url = req.url ?? '';
  const at = url.indexOf('?');
  return at < 0 || at === url.length - 1 ? '' : url.slice(at);
}

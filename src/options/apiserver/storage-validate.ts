// Rules of the storage rows.
import { bool, isSet, list, num, rejectNegative, str, type ValidationContext } from '../validation-context.ts';

export const STORAGE_BACKENDS: readonly string[] = ['kvstore3'];
export const STORAGE_MEDIA_TYPES: readonly string[] = ['application/json', 'application/yaml', 'application/vnd.orch.protobuf'];

export function validateStorage(ctx: ValidationContext): void {
  const servers = list(ctx, 'kvstore-servers');
  for (const server of servers) {
    if (server.startsWith('sqlite://')) {
      // The embedded store: one local file, never mixed with etcd members.
      if (server.length === 'sqlite://'.length) ctx.errors.push(`--kvstore-servers: ${JSON.stringify(server)} names no file; use sqlite:///path/to/orch.db`);
      else if (servers.length > 1) ctx.errors.push('--kvstore-servers: sqlite://PATH must be the only server');
    } else if (!isServerURL(server)) {
      ctx.errors.push(`--kvstore-servers: invalid server ${JSON.stringify(server)}: want scheme://ip:port or sqlite://PATH`);
    }
  }
  for (const override of list(ctx, 'kvstore-servers-overrides')) {
    const [groupResource, servers, ...rest] = override.split('#');
    const urls = (servers ?? '').split(';');
    // Like --kvstore-servers, an override may name one embedded store file instead of etcd members.
    const embedded = urls.length === 1 && /^sqlite:\/\/./.test(urls[0]!);
    if (rest.length > 0 || !groupResource || !groupResource.includes('/') || (!embedded && urls.some((u) => !isServerURL(u)))) {
      ctx.errors.push(`--kvstore-servers-overrides invalid, must be of format: group/resource#servers, where servers are URLs, semicolon separated: ${JSON.stringify(override)}`);
    }
  }
  const backend = str(ctx, 'storage-backend');
  if (!STORAGE_BACKENDS.includes(backend)) {
    ctx.errors.push(`--storage-backend invalid, allowed values: ${STORAGE_BACKENDS.join(', ')}. If not specified, it will default to 'kvstore3'`);
  }
  const mediaType = str(ctx, 'storage-media-type');
  if (!STORAGE_MEDIA_TYPES.includes(mediaType)) {
    ctx.errors.push(`--storage-media-type ${JSON.stringify(mediaType)} invalid, allowed values: ${STORAGE_MEDIA_TYPES.join(', ')}`);
  }
  for (const entry of list(ctx, 'watch-cache-sizes')) {
    const match = /^([a-z0-9-]+)(\.[a-z0-9.-]+)?#(\d+)$/.exec(entry);
    if (!match) ctx.errors.push(`--watch-cache-sizes: invalid value ${JSON.stringify(entry)}: want resource[.group]#size with a non-negative size`);
  }
  for (const name of ['kvstore-healthcheck-timeout', 'kvstore-readycheck-timeout']) {
    const value = num(ctx, name);
    if (value !== undefined && value <= 0) ctx.errors.push(`--${name} must be a positive duration`);
  }
  rejectNegative(ctx, ['kvstore-compaction-interval', 'kvstore-count-metric-poll-period', 'kvstore-db-metric-poll-interval', 'event-ttl']);
  const lease = num(ctx, 'lease-reuse-duration-seconds');
  if (lease !== undefined && lease < 1) ctx.errors.push('--lease-reuse-duration-seconds should be a positive value');
  const workers = num(ctx, 'delete-collection-workers');
  if (workers !== undefined && workers < 1) ctx.errors.push('--delete-collection-workers must be at least 1');
  if (bool(ctx, 'encryption-provider-config-automatic-reload') && !isSet(ctx, 'encryption-provider-config')) {
    ctx.errors.push('--encryption-provider-config-automatic-reload must be set with --encryption-provider-config');
  }
  if (ctx.given.has('data-dir') && str(ctx, 'data-dir') === '') ctx.errors.push('--data-dir must not be empty');
}

function isServerURL(text: string): boolean {
  try {
    const url = new URL(text);
    if (url.protocol === 'unix:' || url.protocol === 'unixs:') return url.pathname !== '' || url.host !== '';
    return ['http:', 'https:'].includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

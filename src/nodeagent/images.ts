// Images as a container runtime reports them: a reference completed with the default registry,
// repository and tag (nginx → docker.io/library/nginx:latest), and an image ID derived from it,
// since no image is really pulled. Each node remembers what it has "pulled", so IfNotPresent
// pulls an image once per node and Always every time, as the node agent's events then tell.
import { createHash } from 'node:crypto';

const DEFAULT_REGISTRY = 'docker.io';

/** The image reference completed as a runtime reports it. */
export function normalizeImage(image: string): string {
  let rest = image;
  const slash = rest.indexOf('/');
  const first = slash < 0 ? '' : rest.slice(0, slash);
  // The first part names a registry when it looks like a host: a dot, a port, or localhost.
  const hasRegistry = slash >= 0 && (first.includes('.') || first.includes(':') || first === 'localhost');
  if (!hasRegistry) rest = `${DEFAULT_REGISTRY}/${slash < 0 ? `library/${rest}` : rest}`;
  const lastPart = rest.slice(rest.lastIndexOf('/') + 1);
  if (!lastPart.includes(':') && !lastPart.includes('@')) rest += ':latest';
  return rest;
}

/** A stable image ID for a reference, in the repository@sha256 form. */
export function imageID(image: string): string {
  const normalized = normalizeImage(image);
  const at = normalized.indexOf('@');
  if (at >= 0) return normalized;
  const repository = normalized.slice(0, normalized.lastIndexOf(':'));
  return `${repository}@sha256:${createHash('sha256').update(normalized).digest('hex')}`;
}

/** Whether starting a container pulls its image, by the container's pull policy. */
export function needsPull(policy: string | undefined, present: boolean): boolean {
  if (policy === 'Never') return false;
  if (policy === 'Always') return true;
  return !present;
}

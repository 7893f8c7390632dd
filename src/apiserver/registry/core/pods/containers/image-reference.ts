// The tag of a container image reference, read with the grammar of the image reference library
// Kubernetes uses (docker/distribution): [domain[:port]/]path[:tag][@digest]. Only the default
// pull policy depends on it, so a reference that does not parse simply has no tag.

const ALNUM = '[a-z0-9]+';
const SEPARATOR = '(?:[._]|__|[-]+)';
const PATH_COMPONENT = `${ALNUM}(?:${SEPARATOR}${ALNUM})*`;
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const HOST = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[a-fA-F0-9:]+\\])`;
const NAME = `(?:${HOST}(?::[0-9]+)?/)?${PATH_COMPONENT}(?:/${PATH_COMPONENT})*`;
const TAG = '[\\w][\\w.-]{0,127}';
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9A-Fa-f]{32,}';
const REFERENCE = new RegExp(`^(${NAME})(?::(${TAG}))?(?:@(${DIGEST}))?$`);
/** A bare 64-hex-digit identifier is refused as a name: it would read as an image ID. */
const IDENTIFIER = /^[a-f0-9]{64}$/;
const MAX_NAME_LENGTH = 255;

/**
 * The image's tag: as written, "latest" when it has neither tag nor digest, and "" when it has
 * only a digest or does not parse (as Kubernetes' parsers.ParseImageName reports it).
 */
export function imageTag(image: string): string {
  if (IDENTIFIER.test(image)) return '';
  const m = REFERENCE.exec(image);
  if (!m || m[1]!.length > MAX_NAME_LENGTH) return '';
  const [, , tag, digest] = m;
  if (tag) return tag;
  return digest ? '' : 'latest';
}

// Container defaults as Kubernetes applies them to a pod's containers (pkg/apis/core/v1
// defaults.go and the +default markers): the pull policy from the image tag, the termination
// message file and policy, TCP ports, probe timings, HTTP probe scheme and path, the v1 field
// selector version, and requests taken from limits. Quantities are rounded up to milli-units
// first, as SetDefaults_ResourceList does.
import type { Container, LifecycleHandler, Probe } from '../../../../../api/core/v1/container-types.ts';
import type { ResourceList } from '../../../../../api/core/v1/policy-types.ts';
import { canonicalQuantity, parseQuantity, QuantityParseError, scaledValue } from '../../../../../machinery/quantity/quantity.ts';
import { imageTag } from './image-reference.ts';

export const TERMINATION_MESSAGE_PATH_DEFAULT = '/dev/termination-log';

const MILLI = -3;

function defaultHandler(h: LifecycleHandler | Probe | undefined): void {
  if (!h?.httpGet) return;
  h.httpGet.path ||= '/';
  h.httpGet.scheme ||= 'HTTP';
}

function defaultProbe(p: Probe | undefined): void {
  if (!p) return;
  defaultHandler(p);
  if (p.grpc && (p.grpc.service === undefined || p.grpc.service === null)) p.grpc.service = '';
  p.timeoutSeconds ||= 1;
  p.periodSeconds ||= 10;
  p.successThreshold ||= 1;
  p.failureThreshold ||= 3;
}

/** A quantity finer than milli-units, rounded up to them (Quantity.RoundUp(-3)). */
function roundUpToMilli(value: string): string {
  try {
    const q = parseQuantity(value);
    if (q.small && q.scale >= MILLI) return value;
    return canonicalQuantity({ unscaled: scaledValue(q, MILLI), scale: MILLI, format: q.format, small: true });
  } catch (err) {
    // Decoding already refused malformed quantities; leave anything else to validation.
    if (err instanceof QuantityParseError) return value;
    throw err;
  }
}

function roundResourceList(list: ResourceList | undefined): void {
  if (!list) return;
  for (const [name, value] of Object.entries(list)) list[name] = roundUpToMilli(value);
}

/** Fills in what Kubernetes defaults on a container (also an ephemeral one) of a pod. */
export function defaultContainer(c: Container): void {
  if (!c.imagePullPolicy) c.imagePullPolicy = imageTag(c.image ?? '') === 'latest' ? 'Always' : 'IfNotPresent';
  c.terminationMessagePath ||= TERMINATION_MESSAGE_PATH_DEFAULT;
  c.terminationMessagePolicy ||= 'File';
  for (const port of c.ports ?? []) port.protocol ||= 'TCP';
  for (const env of c.env ?? []) {
    const from = env.valueFrom;
    if (from?.fieldRef) from.fieldRef.apiVersion ||= 'v1';
    if (from?.fileKeyRef && from.fileKeyRef.optional === undefined) from.fileKeyRef.optional = false;
  }
  defaultProbe(c.livenessProbe);
  defaultProbe(c.readinessProbe);
  defaultProbe(c.startupProbe);
  defaultHandler(c.lifecycle?.postStart);
  defaultHandler(c.lifecycle?.preStop);
  const resources = c.resources;
  if (resources) {
    roundResourceList(resources.limits);
    roundResourceList(resources.requests);
    // A pod's containers ask for what they are limited to unless they say otherwise.
    if (resources.limits) {
      const requests = (resources.requests ??= {});
      for (const [name, value] of Object.entries(resources.limits)) if (!(name in requests)) requests[name] = value;
    }
  }
}

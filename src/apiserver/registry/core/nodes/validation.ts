// Node validation as Kubernetes' ValidateNode and ValidateNodeUpdate, with their messages and
// paths (taints are reported under metadata.taints, as Kubernetes does): DNS-subdomain names;
// taints with a label-name key, a label value and a known effect, unique by key and effect;
// non-negative capacity and allocatable; pod CIDRs valid, at most one per family, set once; a
// provider ID set once; unique addresses; the deprecated config source well formed.
import type { ConfigMapNodeConfigSource, Node, NodeAddress, NodeConfigSource, Taint } from '../../../../api/core/v1/node-types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { duplicate, forbidden, invalid, notSupported, required, RenderedValue, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { goQuote } from '../../../../machinery/validation/go-format.ts';
import { cidrFamilyOf, isDualStack } from '../../../../machinery/validation/cidr.ts';
import { isQualifiedName, isValidLabelValue, nameIsDNSSubdomain, validateNamespaceName } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateResourceQuantityValue } from '../quantity-errors.ts';
import { isConfigKey } from '../secrets/config-key.ts';

export const TAINT_EFFECTS = ['NoExecute', 'NoSchedule', 'PreferNoSchedule'] as const;
const CIDR_MESSAGE = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';

/**
 * A taint as Go's %#v prints it in a duplicate error. A set timeAdded is a pointer Go prints as
 * an address, which no client can match; it is shown as set without one.
 */
function taintValue(t: Taint): RenderedValue {
  const time = t.timeAdded === undefined ? '(*v1.Time)(nil)' : '(*v1.Time)(set)';
  return new RenderedValue(`core.Taint{Key:${goQuote(t.key ?? '')}, Value:${goQuote(t.value ?? '')}, Effect:${goQuote(t.effect ?? '')}, TimeAdded:${time}}`);
}

function validateTaints(taints: readonly Taint[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  taints.forEach((t, i) => {
    const at = `${path}[${i}]`;
    errs.push(...isQualifiedName(t.key ?? '').map((msg) => invalid(`${at}.key`, t.key ?? '', msg)));
    const valueErrs = isValidLabelValue(t.value ?? '');
    if (valueErrs.length) errs.push(invalid(`${at}.value`, t.value ?? '', valueErrs.join(';')));
    if (!t.effect) errs.push(required(`${at}.effect`));
    else if (!(TAINT_EFFECTS as readonly string[]).includes(t.effect)) errs.push(notSupported(`${at}.effect`, t.effect, ['NoSchedule', 'PreferNoSchedule', 'NoExecute']));
    const key = `${t.effect ?? ''}\u0000${t.key ?? ''}`;
    if (seen.has(key)) {
      errs.push({ type: 'FieldValueDuplicate', field: at, badValue: taintValue(t), detail: 'taints must be unique by key and effect pair' });
      return;
    }
    seen.add(key);
  });
  return errs;
}

function validateResources(node: Node): FieldError[] {
  const errs: FieldError[] = [];
  for (const field of ['capacity', 'allocatable'] as const) {
    const list = node.status?.[field] ?? {};
    for (const k of Object.keys(list).sort()) errs.push(...validateResourceQuantityValue(k, list[k]!, `status.${field}.${k}`));
  }
  return errs;
}

function validatePodCIDRs(cidrs: readonly string[]): FieldError[] {
  const errs: FieldError[] = [];
  cidrs.forEach((c, i) => {
    if (!cidrFamilyOf(c)) errs.push(invalid(`spec.podCIDRs[${i}]`, c, CIDR_MESSAGE));
  });
  if (cidrs.length > 1) {
    if (!isDualStack(cidrs.map(cidrFamilyOf)) || cidrs.length > 2) {
      errs.push(invalid('spec.podCIDRs', new RenderedValue(`[]string{${cidrs.map(goQuote).join(', ')}}`), 'may specify no more than one CIDR for each IP family'));
    }
    const seen = new Set<string>();
    cidrs.forEach((c, i) => {
      if (seen.has(c)) errs.push(duplicate(`spec.podCIDRs[${i}]`, c));
      seen.add(c);
    });
  }
  return errs;
}

export function validateNodeFields(node: Node): FieldError[] {
  const errs = validateObjectMeta(node.metadata, false, nameIsDNSSubdomain);
  if (node.spec?.taints?.length) errs.push(...validateTaints(node.spec.taints, 'metadata.taints'));
  errs.push(...validateResources(node));
  if (node.spec?.podCIDRs?.length) errs.push(...validatePodCIDRs(node.spec.podCIDRs));
  return errs;
}

export function validateNode(node: Node): StatusCause[] {
  return toStatusCauses(validateNodeFields(node));
}

function validateConfigMapSource(source: ConfigMapNodeConfigSource, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!source.namespace) errs.push(required(`${path}.namespace`, 'namespace must be set'));
  else errs.push(...validateNamespaceName(source.namespace, false).map((msg) => invalid(`${path}.namespace`, source.namespace, msg)));
  if (!source.name) errs.push(required(`${path}.name`, 'name must be set'));
  else errs.push(...nameIsDNSSubdomain(source.name, false).map((msg) => invalid(`${path}.name`, source.name, msg)));
  if (!source.kubeletConfigKey) errs.push(required(`${path}.kubeletConfigKey`, 'kubeletConfigKey must be set'));
  else errs.push(...isConfigKey(source.kubeletConfigKey).map((msg) => invalid(`${path}.kubeletConfigKey`, source.kubeletConfigKey, msg)));
  return errs;
}

/** A config source names exactly one source; in the spec it names no version, in the status it must. */
function validateConfigSource(source: NodeConfigSource, path: string, inStatus: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const cm = source.configMap;
  if (cm) {
    const at = `${path}.configMap`;
    if (inStatus) {
      if (!cm.uid) errs.push(required(`${at}.uid`, 'uid must be set in status'));
      if (!cm.resourceVersion) errs.push(required(`${at}.resourceVersion`, 'resourceVersion must be set in status'));
    } else {
      if (cm.uid) errs.push(forbidden(`${at}.uid`, 'uid must not be set in spec'));
      if (cm.resourceVersion) errs.push(forbidden(`${at}.resourceVersion`, 'resourceVersion must not be set in spec'));
    }
    errs.push(...validateConfigMapSource(cm, at));
  } else {
    errs.push(invalid(path, new RenderedValue('core.NodeConfigSource{ConfigMap:(*core.ConfigMapNodeConfigSource)(nil)}'), 'exactly one reference subfield must be non-nil'));
  }
  return errs;
}

function addressValue(a: NodeAddress): RenderedValue {
  return new RenderedValue(`core.NodeAddress{Type:${goQuote(a.type ?? '')}, Address:${goQuote(a.address ?? '')}}`);
}

export function validateNodeUpdateFields(node: Node, old: Node): FieldError[] {
  const errs = validateObjectMetaUpdate(node.metadata, old.metadata);
  errs.push(...validateResources(node));
  const seen = new Set<string>();
  (node.status?.addresses ?? []).forEach((a, i) => {
    const key = `${a.type}\u0000${a.address}`;
    if (seen.has(key)) errs.push({ type: 'FieldValueDuplicate', field: `status.addresses[${i}]`, badValue: addressValue(a), detail: '' });
    seen.add(key);
  });
  const oldCIDRs = old.spec?.podCIDRs ?? [];
  const newCIDRs = node.spec?.podCIDRs ?? [];
  if (oldCIDRs.length) {
    const message = 'node updates may not change podCIDR except from "" to valid';
    if (oldCIDRs.length !== newCIDRs.length) errs.push(forbidden('spec.podCIDRs', message));
    else oldCIDRs.forEach((c, i) => {
      if (c !== newCIDRs[i]) errs.push(forbidden('spec.podCIDRs', message));
    });
  }
  if (old.spec?.providerID && old.spec.providerID !== node.spec?.providerID) {
    errs.push(forbidden('spec.providerID', 'node updates may not change providerID except from "" to valid'));
  }
  if (node.spec?.configSource) errs.push(...validateConfigSource(node.spec.configSource, 'spec.configSource', false));
  const config = node.status?.config;
  if (config) {
    for (const which of ['assigned', 'active', 'lastKnownGood'] as const) {
      if (config[which]) errs.push(...validateConfigSource(config[which]!, `status.config.${which}`, true));
    }
  }
  if (node.spec?.taints?.length) errs.push(...validateTaints(node.spec.taints, 'metadata.taints'));
  if ((node.spec?.externalID ?? '') !== (old.spec?.externalID ?? '')) errs.push(forbidden('spec.externalID', 'may not be updated'));
  return errs;
}

/** The main resource: the node as a whole, then what an update may change. */
export function validateNodeUpdate(node: Node, old: Node): StatusCause[] {
  return toStatusCauses([...validateNodeFields(node), ...validateNodeUpdateFields(node, old)]);
}

/** /status: only what an update may change. */
export function validateNodeStatusUpdate(node: Node, old: Node): StatusCause[] {
  return toStatusCauses(validateNodeUpdateFields(node, old));
}

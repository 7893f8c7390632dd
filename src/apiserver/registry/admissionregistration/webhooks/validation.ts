// Webhook configuration validation as Kubernetes' ValidateValidatingWebhookConfiguration and
// ValidateMutatingWebhookConfiguration (v1: sideEffects None or NoneOnDryRun, admission review
// versions naming v1 or v1beta1, a timeout between 1 and 30 seconds).
import { webhookCel } from '../../../admission/plugins/cel/admission-cel.ts';
import type { MutatingWebhook, ValidatingWebhook, WebhookClientConfig } from '../../../../api/admissionregistration/v1/types.ts';
import type { ObjectMeta } from '../../../../api/meta/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { duplicate, invalid, notSupported, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { isDNS1123Subdomain, nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateRule } from './rules.ts';
import { validateLabelSelector } from '../label-selector-validation.ts';

const FAILURE_POLICIES = ['Fail', 'Ignore'];
const MATCH_POLICIES = ['Equivalent', 'Exact'];
const SIDE_EFFECTS = ['None', 'NoneOnDryRun'];
const REINVOCATION = ['IfNeeded', 'Never'];
const REVIEW_VERSIONS = ['v1', 'v1beta1'];

export function validateClientConfig(cc: WebhookClientConfig | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const hasUrl = typeof cc?.url === 'string';
  const hasService = !!cc?.service;
  if (hasUrl === hasService) {
    errs.push(required(path, 'exactly one of url or service is required'));
    return errs;
  }
  if (hasUrl) {
    const urlPath = `${path}.url`;
    let u: URL;
    try {
      u = new URL(cc!.url!);
    } catch {
      errs.push(invalid(urlPath, cc!.url!, 'host must be specified'));
      return errs;
    }
    if (u.protocol !== 'https:') errs.push(invalid(urlPath, cc!.url!, "'https' is the only allowed URL scheme"));
    if (!u.hostname) errs.push(invalid(urlPath, cc!.url!, 'host must be specified'));
    if (u.username || u.password) errs.push(invalid(urlPath, cc!.url!, 'user information is not permitted in the URL'));
    if (u.hash || cc!.url!.includes('#')) errs.push(invalid(urlPath, cc!.url!, 'fragments are not permitted in the URL'));
    if (u.search || cc!.url!.includes('?')) errs.push(invalid(urlPath, cc!.url!, 'query parameters are not permitted in the URL'));
  } else {
    const s = cc!.service!;
    if (!s.name) errs.push(required(`${path}.service.name`, 'service name is required'));
    if (!s.namespace) errs.push(required(`${path}.service.namespace`, 'service namespace is required'));
    if (s.port !== undefined && (s.port < 1 || s.port > 65535)) errs.push(invalid(`${path}.service.port`, s.port, 'port is not valid: must be between 1 and 65535, inclusive'));
  }
  if (cc?.caBundle !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(cc.caBundle)) errs.push(invalid(`${path}.caBundle`, '<bundle>', 'must be base64 encoded'));
  return errs;
}

function validateWebhook(w: ValidatingWebhook | MutatingWebhook, path: string, mutating: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const name = w.name ?? '';
  if (!name) errs.push(required(`${path}.name`));
  else {
    for (const msg of isDNS1123Subdomain(name)) errs.push(invalid(`${path}.name`, name, msg));
    if (name.split('.').length < 3) errs.push(invalid(`${path}.name`, name, 'should be a domain with at least three segments separated by dots'));
  }
  (w.rules ?? []).forEach((r, i) => errs.push(...validateRule(r, `${path}.rules[${i}]`, true)));
  if (w.failurePolicy !== undefined && !FAILURE_POLICIES.includes(w.failurePolicy)) errs.push(notSupported(`${path}.failurePolicy`, w.failurePolicy, FAILURE_POLICIES));
  if (w.matchPolicy !== undefined && !MATCH_POLICIES.includes(w.matchPolicy)) errs.push(notSupported(`${path}.matchPolicy`, w.matchPolicy, MATCH_POLICIES));
  if (w.sideEffects === undefined) errs.push(required(`${path}.sideEffects`, `must specify one of ${SIDE_EFFECTS.join(', ')}`));
  else if (!SIDE_EFFECTS.includes(w.sideEffects)) errs.push(notSupported(`${path}.sideEffects`, w.sideEffects, SIDE_EFFECTS));
  if (w.timeoutSeconds !== undefined && (w.timeoutSeconds < 1 || w.timeoutSeconds > 30)) errs.push(invalid(`${path}.timeoutSeconds`, w.timeoutSeconds, 'the timeout value must be between 1 and 30 seconds'));
  const versions = w.admissionReviewVersions ?? [];
  if (!versions.length) errs.push(required(`${path}.admissionReviewVersions`, `must specify one of ${REVIEW_VERSIONS.join(', ')}`));
  else if (!versions.some((v) => REVIEW_VERSIONS.includes(v))) errs.push(invalid(`${path}.admissionReviewVersions`, versions, `must include at least one of ${REVIEW_VERSIONS.join(', ')}`));
  errs.push(...validateLabelSelector(w.namespaceSelector, `${path}.namespaceSelector`));
  errs.push(...validateLabelSelector(w.objectSelector, `${path}.objectSelector`));
  if (mutating) {
    const rp = (w as MutatingWebhook).reinvocationPolicy;
    if (rp !== undefined && !REINVOCATION.includes(rp)) errs.push(notSupported(`${path}.reinvocationPolicy`, rp, REINVOCATION));
  }
  const seen = new Set<string>();
  (w.matchConditions ?? []).forEach((c, i) => {
    if (!c.name) errs.push(required(`${path}.matchConditions[${i}].name`));
    else if (seen.has(c.name)) errs.push(duplicate(`${path}.matchConditions[${i}].name`, c.name));
    seen.add(c.name);
    if (!c.expression) errs.push(required(`${path}.matchConditions[${i}].expression`));
    else {
      const compiled = webhookCel.compile(c.expression);
      if (compiled instanceof Error) errs.push(invalid(`${path}.matchConditions[${i}].expression`, c.expression, `compilation failed: ${compiled.message}`));
    }
  });
  errs.push(...validateClientConfig(w.clientConfig, `${path}.clientConfig`));
  return errs;
}

interface WebhookConfiguration {
  metadata: ObjectMeta;
  webhooks?: ValidatingWebhook[];
}

function validateWebhooks(obj: WebhookConfiguration, mutating: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (obj.webhooks ?? []).forEach((w, i) => {
    errs.push(...validateWebhook(w, `webhooks[${i}]`, mutating));
    if (w.name && names.has(w.name)) errs.push(duplicate(`webhooks[${i}].name`, w.name));
    names.add(w.name);
  });
  return errs;
}

export function webhookConfigurationValidation(mutating: boolean) {
  return {
    validate: (obj: WebhookConfiguration): StatusCause[] => toStatusCauses([...validateObjectMeta(obj.metadata, false, nameIsDNSSubdomain), ...validateWebhooks(obj, mutating)]),
    validateUpdate: (obj: WebhookConfiguration, old: WebhookConfiguration): StatusCause[] =>
      toStatusCauses([...validateObjectMetaUpdate(obj.metadata, old.metadata), ...validateWebhooks(obj, mutating)]),
  };
}

// Kubernetes' IsConfigMapKey: the keys of Secret (and ConfigMap) data.
import { maxLenError, regexError, DNS1123_SUBDOMAIN_MAX_LENGTH } from '../../../../machinery/validation/names.ts';

const CONFIG_KEY = /^[-._a-zA-Z0-9]+$/;

export function isConfigKey(value: string): string[] {
  const errs: string[] = [];
  if (value.length > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!CONFIG_KEY.test(value)) errs.push(regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", '[-._a-zA-Z0-9]+', 'key.name', 'KEY_NAME', 'key-name'));
  if (value === '.') errs.push("must not be '.'");
  else if (value === '..') errs.push("must not be '..'");
  else if (value.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

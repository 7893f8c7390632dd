// The string formats Kubernetes validates in custom resources (kube-openapi's default registry,
// limited to the formats a CRD may use in 1.35; others are ignored there and here). Format
// names are matched with dashes removed, as kube-openapi normalizes them.
import { isIPv4, isIPv6 } from 'node:net';
import { parseQuantity } from '../quantity/quantity.ts';
import { isDNS1123Label, isDNS1123Subdomain } from '../validation/names.ts';

type Check = (s: string) => boolean;

const HOSTNAME = /^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9\-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z0-9\p{S}\p{L}])(-?[a-zA-Z0-9\p{S}\p{L}]){1,62})$/u;
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID3 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID4 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const UUID5 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const CREDIT_CARD = /^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|(222[1-9]|22[3-9][0-9]|2[3-6][0-9]{2}|27[01][0-9]|2720)[0-9]{12}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35\d{3})\d{11}|6[27][0-9]{14})$/;
const SSN = /^\d{3}[- ]?\d{2}[- ]?\d{4}$/;
const HEX_COLOR = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const RGB_PART = '\\s*(0|[1-9]\\d?|1\\d\\d?|2[0-4]\\d|25[0-5])\\s*';
const RGB_COLOR = new RegExp(`^rgb\\(${RGB_PART},${RGB_PART},${RGB_PART}\\)$`);
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;
const BSON_OBJECT_ID = /^[0-9a-fA-F]{24}$/;
const DATE_TIME_TAIL = /^([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?(z|[+-][0-9]{2}:[0-9]{2})$/;
const GO_DURATION = /^[-+]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/;
const DURATION_PART = /(\d+)\s*([A-Za-zµ]+)/g;
const DURATION_UNITS = new Set(['ns', 'nano', 'us', 'µs', 'micro', 'ms', 'milli', 's', 'sec', 'm', 'min', 'h', 'hr', 'hour', 'd', 'day', 'w', 'wk', 'week']);
const MAC = /^(?:[0-9a-fA-F]{2}(?:([:-])[0-9a-fA-F]{2})(?:\1[0-9a-fA-F]{2}){4}(?:(?:\1[0-9a-fA-F]{2}){2}|(?:\1[0-9a-fA-F]{2}){14})?|[0-9a-fA-F]{4}\.[0-9a-fA-F]{4}\.[0-9a-fA-F]{4}(?:(?:\.[0-9a-fA-F]{4})|(?:\.[0-9a-fA-F]{4}){7})?)$/;
const EMAIL_ADDR = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*|\[[^\]\\]*\])$/;

function isDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

function isDateTime(s: string): boolean {
  if (s.length < 4) return false;
  const parts = s.toLowerCase().split('t');
  if (parts.length < 2 || !isDate(parts[0]!)) return false;
  const m = DATE_TIME_TAIL.exec(parts[1]!);
  return Boolean(m && m[1]! <= '23' && m[2]! <= '59' && m[3]! <= '59');
}

function isDuration(s: string): boolean {
  if (s === '0' || GO_DURATION.test(s)) return true;
  const matches = [...s.matchAll(DURATION_PART)];
  if (!matches.length) return false;
  return matches.every((m) => {
    const unit = m[2]!.toLowerCase();
    return DURATION_UNITS.has(unit) || (unit.endsWith('s') && DURATION_UNITS.has(unit.slice(0, -1)));
  });
}

function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

function isCreditCard(s: string): boolean {
  const digits = s.replace(/[^0-9]+/g, '');
  return CREDIT_CARD.test(digits) && luhn(digits);
}

function isISBN10(s: string): boolean {
  const v = s.replace(/[\s-]+/g, '');
  if (!/^(?:[0-9]{9}X|[0-9]{10})$/.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (i + 1) * Number(v[i]);
  sum += v[9] === 'X' ? 100 : 10 * Number(v[9]);
  return sum % 11 === 0;
}

function isISBN13(s: string): boolean {
  const v = s.replace(/[\s-]+/g, '');
  if (!/^[0-9]{13}$/.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(v[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(v[12]);
}

function isHostname(s: string): boolean {
  return HOSTNAME.test(s) && Buffer.byteLength(s) <= 255 && s.split('.').every((p) => Buffer.byteLength(p) <= 63);
}

/** Go's url.ParseRequestURI accepting it: an absolute URI with a path, or an absolute path. */
function isRequestURI(s: string): boolean {
  if (!s || /[\x00-\x1f\x7f]/.test(s)) return false;
  if (s === '*') return true;
  if (/%(?![0-9a-fA-F]{2})/.test(s.split('#')[0]!)) return false;
  if (s.startsWith('/')) return true;
  const m = /^[a-zA-Z][a-zA-Z0-9+.-]*:(.*)$/s.exec(s);
  if (!m) return false;
  const rest = m[1]!.split('?')[0]!;
  return rest.startsWith('/');
}

/** net/mail.ParseAddress: a bare address or `Name <address>`. */
function isEmail(s: string): boolean {
  const angle = /^[^<>]*<([^<>]+)>\s*$/.exec(s);
  return EMAIL_ADDR.test((angle ? angle[1]! : s).trim());
}

function isStrictIP(s: string, family: 4 | 6): boolean {
  if (s.includes('%')) return false;
  if (family === 4) return isIPv4(s) || (isIPv6(s) && s.includes('.'));
  return isIPv6(s);
}

function isCIDR(s: string): boolean {
  const slash = s.indexOf('/');
  if (slash < 0) return false;
  const ip = s.slice(0, slash);
  const bits = s.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bits)) return false;
  if (isIPv4(ip)) return Number(bits) <= 32;
  return isStrictIP(ip, 6) && Number(bits) <= 128;
}

function isQuantity(s: string): boolean {
  try {
    parseQuantity(s);
    return true;
  } catch {
    return false;
  }
}

const CHECKS: Record<string, Check> = {
  bsonobjectid: (s) => BSON_OBJECT_ID.test(s),
  uri: isRequestURI,
  email: isEmail,
  hostname: isHostname,
  ipv4: (s) => isStrictIP(s, 4),
  ipv6: (s) => isStrictIP(s, 6) && s.includes(':'),
  cidr: isCIDR,
  mac: (s) => MAC.test(s),
  uuid: (s) => UUID.test(s),
  uuid3: (s) => UUID3.test(s),
  uuid4: (s) => UUID4.test(s),
  uuid5: (s) => UUID5.test(s),
  isbn: (s) => isISBN10(s) || isISBN13(s),
  isbn10: isISBN10,
  isbn13: isISBN13,
  creditcard: isCreditCard,
  ssn: (s) => s.length === 11 && SSN.test(s),
  hexcolor: (s) => HEX_COLOR.test(s),
  rgbcolor: (s) => RGB_COLOR.test(s),
  byte: (s) => BASE64.test(s),
  password: () => true,
  date: isDate,
  duration: isDuration,
  datetime: isDateTime,
  quantity: isQuantity,
  k8sshortname: (s) => isDNS1123Label(s).length === 0,
  k8slongname: (s) => isDNS1123Subdomain(s).length === 0,
};

/** The check of a string format Kubernetes validates, or undefined when the format is ignored. */
export function stringFormatCheck(format: string | undefined): Check | undefined {
  if (!format) return undefined;
  return CHECKS[format.replaceAll('-', '')];
}

/** Whether Kubernetes keeps (and so validates) this format on a schema of this type. */
export function isSupportedFormat(type: string | undefined, format: string): boolean {
  if (type === 'integer') return format === 'int32' || format === 'int64';
  if (type === 'number') return format === 'float' || format === 'double';
  if (type === undefined || type === '' || type === 'string') return stringFormatCheck(format) !== undefined;
  return false;
}

// Resource quantities as Kubernetes writes them (5Mi, 1k, 3M, 1e3, 500m), read into plain numbers.
// The spec also names `1K` for thousands, so an upper-case K is accepted beside Kubernetes' `k`.

const QUANTITY = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;

const suffixes: Record<string, number> = {
  '': 1,
  m: 1e-3,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

export const QUANTITY_SYNTAX_ERROR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/** Parses a quantity to its value (bytes for sizes), rounded up to a whole number as Quantity.Value() does. */
export function parseQuantity(text: string): number {
  const match = QUANTITY.exec(text.trim());
  if (!match || Number.isNaN(Number(match[1]))) throw new Error(QUANTITY_SYNTAX_ERROR);
  const [, digits, suffix] = match;
  let factor = suffixes[suffix!];
  if (factor === undefined) {
    const exponent = /^[eE]([-+]?\d+)$/.exec(suffix!);
    if (!exponent) throw new Error('unable to parse quantity\'s suffix');
    factor = 10 ** Number(exponent[1]);
  }
  return Math.ceil(Number(digits) * factor);
}

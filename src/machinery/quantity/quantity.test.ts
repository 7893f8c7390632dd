import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalQuantity, compareQuantities, normalizeQuantityJson, parseQuantity, QUANTITY_FORMAT_ERROR, QUANTITY_SUFFIX_ERROR, quantityString, scaledValue } from './quantity.ts';

test('quantities are written back as Go writes them', () => {
  const cases: Array<[string, string]> = [
    ['0', '0'], ['-0', '0'], ['1', '1'], ['0.5', '500m'], ['.5', '500m'], ['1.5', '1500m'], ['1000', '1k'], ['1000000', '1M'],
    ['1e3', '1e3'], ['1.5e3', '1500'], ['12e-1', '1200e-3'], ['1Ki', '1Ki'], ['8Ki', '8Ki'], ['1024Mi', '1Gi'], ['1.5Gi', '1536Mi'],
    ['0.5Ki', '512'], ['500m', '500m'], ['100n', '100n'], ['0.1n', '1n'], ['0.000000001', '1n'], ['10E', '10E'],
  ];
  for (const [input, want] of cases) assert.equal(quantityString(parseQuantity(input)), want, input);
});

test('an input already canonical is kept as written, even with a sign or leading zeros', () => {
  assert.equal(quantityString(parseQuantity('+1')), '+1');
  assert.equal(quantityString(parseQuantity('01')), '01');
  assert.equal(canonicalQuantity(parseQuantity('+1')), '1');
});

test('malformed quantities fail with Go\'s messages', () => {
  for (const bad of ['', 'x', '1.2.3', 'lots', '1e3x']) assert.throws(() => parseQuantity(bad), { message: QUANTITY_FORMAT_ERROR }, bad);
  for (const bad of ['1K', '1e', '1Mi0', '1iM']) assert.throws(() => parseQuantity(bad), { message: QUANTITY_SUFFIX_ERROR }, bad);
});

test('JSON numbers and padded strings are read as Go\'s UnmarshalJSON reads them', () => {
  assert.equal(normalizeQuantityJson(2), '2');
  assert.equal(normalizeQuantityJson(0.25), '250m');
  assert.equal(normalizeQuantityJson(' 1Gi '), '1Gi');
  assert.throws(() => normalizeQuantityJson(true), { message: QUANTITY_FORMAT_ERROR });
});

test('values compare exactly and round up to the asked scale', () => {
  assert.equal(compareQuantities(parseQuantity('1Gi'), parseQuantity('1073741824')), 0);
  assert.equal(compareQuantities(parseQuantity('999m'), parseQuantity('1')), -1);
  assert.equal(scaledValue(parseQuantity('1500m'), 0), 2n);
  assert.equal(scaledValue(parseQuantity('-1500m'), 0), -2n);
  assert.equal(scaledValue(parseQuantity('1.5'), -3), 1500n);
});

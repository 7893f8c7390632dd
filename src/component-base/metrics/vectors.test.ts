import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CounterVec, GaugeVec, HistogramVec } from './vectors.ts';

const BUCKETS = [0.005, 0.025, 0.1, 1, 10];
const observations: Array<[Record<string, string>, number]> = [
  [{ verb: 'POST', resource: 'events', code: '201' }, 0.004],
  [{ verb: 'POST', resource: 'events', code: '201' }, 0.025],
  [{ verb: 'LIST', resource: 'events', code: '200' }, 0.3],
  [{ verb: 'POST', resource: 'events', code: '201' }, 12],
  [{ verb: 'GET', resource: 'a"b\\c', code: '404' }, 0],
];

test('the vectors expose exactly the text that prom-client metrics expose for the same observations', async () => {
  const reference = new Registry();
  const counter = new Counter({ name: 'req_total', help: 'Requests.', labelNames: ['verb', 'resource', 'code'], registers: [reference] });
  const histogram = new Histogram({ name: 'req_seconds', help: 'Latency.', labelNames: ['verb', 'resource', 'code'], buckets: BUCKETS, registers: [reference] });
  const gauge = new Gauge({ name: 'req_inflight', help: 'In flight.', labelNames: ['verb', 'resource', 'code'], registers: [reference] });
  const ours = new Registry();
  const counterVec = new CounterVec({ name: 'req_total', help: 'Requests.', registry: ours });
  const histogramVec = new HistogramVec({ name: 'req_seconds', help: 'Latency.', buckets: BUCKETS, registry: ours });
  const gaugeVec = new GaugeVec({ name: 'req_inflight', help: 'In flight.', registry: ours });
  for (const [labels, seconds] of observations) {
    counter.inc(labels);
    histogram.observe(labels, seconds);
    counterVec.series(labels).value++;
    histogramVec.observe(histogramVec.series(labels), seconds);
    gauge.inc(labels, 2);
    gauge.dec(labels);
    gaugeVec.series(labels).value += 2;
    gaugeVec.series(labels).value--;
  }
  assert.equal(await ours.metrics(), await reference.metrics());
  // The JSON form carries the same series and values.
  const values = async (r: Registry) => (await r.getMetricsAsJSON()).map((m) => m.values.map((v) => [(v as { metricName?: string }).metricName ?? m.name, JSON.stringify(v.labels), v.value]));
  assert.deepEqual(await values(ours), await values(reference));
});

test('a label set resolves to one series however often it is asked for, and reset empties the vector', async () => {
  const registry = new Registry();
  const vec = new CounterVec({ name: 'hits_total', help: 'Hits.', registry });
  vec.series({ path: '/a' }).value++;
  vec.series({ path: '/a' }).value += 2;
  vec.series({ path: '/b' }).value++;
  assert.match(await registry.metrics(), /hits_total\{path="\/a"\} 3\nhits_total\{path="\/b"\} 1/);
  registry.resetMetrics();
  assert.doesNotMatch(await registry.metrics(), /hits_total\{/);
});

// Priority and fairness benchmark: the cost per request of the filter (classification against the
// bootstrap configuration, a seat taken through a queue of the flow's hand, released when the
// response ends), in process through the request-info filter to a handler that answers at once.
// The figure is the time per request with the filter minus the same chain without it.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { withPriorityAndFairness } from '../src/apiserver/filters/with-priority-and-fairness.ts';
import { withRequestInfo } from '../src/apiserver/filters/with-request-info.ts';
import { FlowController } from '../src/apiserver/flowcontrol/controller.ts';
import { createFlowControlMetrics } from '../src/apiserver/flowcontrol/metrics.ts';
import { mandatoryFlowSchemas, mandatoryPriorityLevels, suggestedFlowSchemas, suggestedPriorityLevels } from '../src/apiserver/registry/flowcontrol/bootstrap/objects.ts';
import { requestContext } from '../src/component-base/serving/request-context.ts';
import { createMetricsRegistry } from '../src/component-base/metrics/registry.ts';
import { answerOk, timePerRequestUs } from './support.ts';

const REQUESTS = 20_000;
const WARMUP = 2_000;
const ROUNDS = 5;
const USERS = 50;

/** A request as the chain sees it after authentication, on an unconnected socket. */
function fakeExchange(i: number): [IncomingMessage, ServerResponse] {
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  req.url = `/api/v1/namespaces/ns${i % 7}/configmaps/c${i}`;
  req.headers = {};
  requestContext(req).user = { name: `user-${i % USERS}`, groups: ['system:authenticated'] };
  return [req, new ServerResponse(req)];
}

export async function benchFlowControl(): Promise<Record<string, number | string>> {
  const plain = withRequestInfo(answerOk);
  const controller = new FlowController(600);
  controller.metrics = createFlowControlMetrics(createMetricsRegistry({ binaryVersion: 'v1.35.0' }));
  controller.update([...mandatoryFlowSchemas(), ...suggestedFlowSchemas()], [...mandatoryPriorityLevels(), ...suggestedPriorityLevels()]);
  const chain = withRequestInfo(withPriorityAndFairness(answerOk, { controller, waitLimitMs: 15_000 }));
  await timePerRequestUs(plain, WARMUP, fakeExchange);
  await timePerRequestUs(chain, WARMUP, fakeExchange);
  // Alternating rounds, the best of each: the machine is shared, and the least disturbed round is the truest.
  let baselineUs = Infinity;
  let withApfUs = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    baselineUs = Math.min(baselineUs, await timePerRequestUs(plain, REQUESTS, fakeExchange));
    withApfUs = Math.min(withApfUs, await timePerRequestUs(chain, REQUESTS, fakeExchange));
  }
  return {
    'requests per round': REQUESTS,
    rounds: ROUNDS,
    'chain without priority and fairness (us/request)': Number(baselineUs.toFixed(2)),
    'priority and fairness cost, bootstrap configuration (us/request)': Number((withApfUs - baselineUs).toFixed(2)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchFlowControl());
}

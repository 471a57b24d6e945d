/**
 * Every call a span, with OpenTelemetry: the client's hooks open a span when a call's first attempt is
 * sent, add an event for each retry, record the status, the service's request id and the attempts, and
 * end it when the answer comes or the call fails. Only `@opentelemetry/api` is used: register your SDK
 * (NodeSDK, an exporter) as usual and the spans go there. Runs against the embedded mock:
 * `npx tsx examples/opentelemetry.ts` (without an SDK registered the spans go nowhere; the test registers
 * a recording one).
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import { type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import { type Hooks, OrdersClient } from 'consignkit';
import { createMockService } from 'consignkit/testing';
import { isMain } from './run.js';
import { sampleOrder } from './sample-order.js';

/** Hooks that make a span of every call, named `consignkit <operation>`. */
export function tracingHooks(tracerName = 'consignkit'): Hooks {
  const tracer = trace.getTracer(tracerName);
  const spans = new Map<number, Span>();
  return {
    onRequest(event) {
      if (event.attempt === 1) {
        spans.set(
          event.callId,
          tracer.startSpan(`consignkit ${event.operation}`, {
            attributes: {
              'http.request.method': event.method,
              'url.full': event.url,
              'consignkit.operation': event.operation,
            },
          }),
        );
      }
    },
    onRetry(event) {
      spans.get(event.callId)?.addEvent('retry', { attempt: event.attempt, reason: event.reason });
    },
    onResponse(event) {
      const span = spans.get(event.callId);
      if (!span) return;
      span.setAttributes({
        'http.response.status_code': event.status,
        'consignkit.attempts': event.attempt,
        ...(event.requestId ? { 'consignkit.request_id': event.requestId } : {}),
      });
      // A 2xx is the call's last answer; an error answer ends it in onError.
      if (event.status < 300) {
        span.end();
        spans.delete(event.callId);
      }
    },
    onError(event) {
      const span = spans.get(event.callId);
      if (!span) return;
      span.recordException(event.error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: event.error.name });
      span.end();
      spans.delete(event.callId);
    },
  };
}

export async function main(log: (line: string) => void = console.log) {
  const mock = createMockService();
  const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, hooks: tracingHooks() });
  const order = await orders.create(sampleOrder('WEB-7001'));
  mock.failNext('getOrder', { status: 503 });
  await orders.get(order); // two attempts, one span with a retry event
  await orders.get('EO-999-999-999').catch((error: Error) => log(`failed as expected: ${error.name}`));
  log(`traced createOrder and two getOrder calls of ${order}`);
  return { order };
}

if (isMain(import.meta.url)) await main();

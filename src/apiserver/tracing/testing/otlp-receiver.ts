// An OTLP gRPC trace receiver for tests: serves TraceService/Export on 127.0.0.1 without TLS
// and decodes each request's spans (trace and span ids in hex, name, kind, string and integer
// attributes, links) with a schema of just the fields it reads.
import { Server, ServerCredentials, type ServiceDefinition, type UntypedServiceImplementation } from '@grpc/grpc-js';
import protobuf from 'protobufjs';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number>;
  linkedTraceIds: string[];
}

export interface OtlpReceiver {
  /** host:port, as a TracingConfiguration's endpoint names it. */
  endpoint: string;
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

const SCHEMA = `
syntax = "proto3";
message AnyValue { oneof value { string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4; } }
message KeyValue { string key = 1; AnyValue value = 2; }
message Link { bytes trace_id = 1; bytes span_id = 2; }
message Span { bytes trace_id = 1; bytes span_id = 2; bytes parent_span_id = 4; string name = 5; int32 kind = 6; repeated KeyValue attributes = 9; repeated Link links = 13; }
message ScopeSpans { repeated Span spans = 2; }
message ResourceSpans { repeated ScopeSpans scope_spans = 2; }
message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
`;

const request = protobuf.parse(SCHEMA, { keepCase: true }).root.lookupType('ExportTraceServiceRequest');
const hex = (b: Uint8Array | undefined) => Buffer.from(b ?? []).toString('hex');

function decode(buffer: Buffer): ReceivedSpan[] {
  const message = request.toObject(request.decode(buffer), { longs: Number, defaults: true }) as any;
  const spans: ReceivedSpan[] = [];
  for (const rs of message.resource_spans ?? []) {
    for (const ss of rs.scope_spans ?? []) {
      for (const s of ss.spans ?? []) {
        const attributes: Record<string, string | number> = {};
        for (const kv of s.attributes ?? []) attributes[kv.key] = kv.value?.string_value ?? kv.value?.int_value ?? kv.value?.double_value;
        spans.push({
          traceId: hex(s.trace_id),
          spanId: hex(s.span_id),
          parentSpanId: hex(s.parent_span_id),
          name: s.name,
          kind: s.kind,
          attributes,
          linkedTraceIds: (s.links ?? []).map((l: any) => hex(l.trace_id)),
        });
      }
    }
  }
  return spans;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = new Server();
  const service: ServiceDefinition = {
    Export: {
      path: '/opentelemetry.proto.collector.trace.v1.TraceService/Export',
      requestStream: false,
      responseStream: false,
      requestSerialize: (b: Buffer) => b,
      requestDeserialize: (b: Buffer) => b,
      // An empty ExportTraceServiceResponse.
      responseSerialize: () => Buffer.alloc(0),
      responseDeserialize: (b: Buffer) => b,
    },
  };
  const implementation: UntypedServiceImplementation = {
    Export: (call: any, callback: any) => {
      spans.push(...decode(call.request as Buffer));
      callback(null, {});
    },
  };
  server.addService(service, implementation);
  const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
  return {
    endpoint: `127.0.0.1:${port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  };
}

// The event recorder: what controllers use to record events.orch.io/v1 Events.
export { EventBroadcaster, isomorphicKey, type BroadcasterOptions } from './broadcaster.ts';
export { controllerEventRecorder, newRecorder, type ControllerEvents, type EventRecorder, type EventType, type RecorderSource } from './recorder.ts';
export { referenceTo, type ReferableObject } from './object-reference.ts';
export { restEventSink, type EventSink } from './sink.ts';

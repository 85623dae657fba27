export { EventBus, notify } from './bus.ts';
export type { BusOptions, NotificationHandler } from './bus.ts';
export {
  emit,
  emitConsentGranted,
  emitConsentRevoked,
  emitMsisdnCreated,
  emitMsisdnDeleted,
  emitPositionsStored,
} from './emit.ts';
export type { NewEvent } from './emit.ts';
export { EventDispatcher } from './processors.ts';
export type { DispatcherOptions, EventProcessor, ProcessorStatus } from './processors.ts';
export { EVENT_TYPES, EVENTS_CHANNEL } from './types.ts';
export type { ConsentChannel, DomainEvent, EventPayloads, EventType } from './types.ts';

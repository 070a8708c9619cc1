/** The outbox of domain events (decision 031, docs/outbox.md). */

export { EVENTS, type EventPayload, type EventType, on as onEvent, record } from "./events.ts";
export { type Outbox, outboxPlugin } from "./outbox.plugin.ts";
export { type OutboxEvent, type OutboxHandler, recordEvent, retryDelaySeconds } from "./outbox.ts";

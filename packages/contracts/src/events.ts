import { z } from 'zod';
import { roleSchema } from './auth.js';

/**
 * Durable cross-service events (BullMQ on the shared Redis).
 * - One queue per consumer; the publisher fans out: it adds the same job to every consumer queue of the event type.
 * - Job name = event type; jobId = eventId, so a re-publish (outbox relay retry) is deduplicated per queue.
 * - At-least-once: the publisher writes an outbox row in the same DB transaction as the change, a relay adds the jobs
 *   and then marks the row sent. Consumers must be idempotent (e.g. "delete where user_id = …" is naturally so).
 * - A new consumer adds its queue here (one constant), so every publisher fans out to it.
 */
/** BullMQ key prefix of every queue (same as the documents service's pdf queue). */
export const EVENT_QUEUE_PREFIX = 'brokerage';

export const EVENT_QUEUES = {
  listingsUserEvents: 'listings.user-events',
} as const;
export type EventQueueName = (typeof EVENT_QUEUES)[keyof typeof EVENT_QUEUES];

export const USER_DELETED = 'user.deleted';
export const USER_ARCHIVED = 'user.archived';
export const USER_REACTIVATED = 'user.reactivated';

/** A user was deleted by the broker: consumers remove (or detach) everything that belongs to that user. */
export const userDeletedEventSchema = z.object({
  eventId: z.uuid(),
  userId: z.uuid(),
  role: roleSchema,
  occurredAt: z.iso.datetime(),
});
export type UserDeletedEvent = z.infer<typeof userDeletedEventSchema>;

/** Informational: the account was archived (kept, cannot sign in) or reactivated. */
export const userActiveChangedEventSchema = z.object({
  eventId: z.uuid(),
  userId: z.uuid(),
  role: roleSchema,
  isActive: z.boolean(),
  occurredAt: z.iso.datetime(),
});
export type UserActiveChangedEvent = z.infer<typeof userActiveChangedEventSchema>;

export interface EventPayloads {
  [USER_DELETED]: UserDeletedEvent;
  [USER_ARCHIVED]: UserActiveChangedEvent;
  [USER_REACTIVATED]: UserActiveChangedEvent;
}
export type EventType = keyof EventPayloads;

/**
 * Which consumer queues receive each event type (the publisher adds one job per queue). user.archived/reactivated
 * have no consumer yet (archive keeps everything): add a queue here when one needs them, identity publishes them then.
 */
export const EVENT_CONSUMERS: Record<EventType, readonly EventQueueName[]> = {
  [USER_DELETED]: [EVENT_QUEUES.listingsUserEvents],
  [USER_ARCHIVED]: [],
  [USER_REACTIVATED]: [],
};

export const eventSchemas = {
  [USER_DELETED]: userDeletedEventSchema,
  [USER_ARCHIVED]: userActiveChangedEventSchema,
  [USER_REACTIVATED]: userActiveChangedEventSchema,
} as const;

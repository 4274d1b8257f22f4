/**
 * The answers of the staff's webhook routes (server/routes/staff-webhooks.ts): the dead events and a
 * replayed one.
 */
import { integer, nullableText, object, text, type Schema } from './answers';

/** A webhook event given up on, as staff see it (never its body). */
export const DEAD_WEBHOOK: Schema = object(
  {
    id: { ...text, description: 'The event id (msg_...): the webhook-id of every delivery of it.' },
    subscription: { ...text, description: 'The subscription it is for (WEBHOOKS_FILE).' },
    type: { ...text, description: 'application.<transition name>' },
    service: text,
    application_id: integer,
    app_id: text,
    attempts: { ...integer, description: 'The failed deliveries.' },
    created_at: text,
    last_error: { ...nullableText, description: 'What the receiver answered last, or why it could not be reached.' },
  },
  ['id', 'subscription', 'type', 'service', 'application_id', 'app_id', 'attempts', 'created_at', 'last_error'],
);

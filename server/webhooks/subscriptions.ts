/**
 * The webhook subscriptions: a setting of the server (the JSON file WEBHOOKS_FILE names), not of the
 * definitions, because each carries a secret. Read once at start, judged by its JSON Schema
 * (schemas/webhooks.schema.json) and then against the loaded services, so a wrong entry stops the
 * start with a message naming the entry and the field rather than losing events later.
 */
import { readFileSync } from 'node:fs';
import schema from '../../schemas/webhooks.schema.json';
import { createAjv, type ServiceDefinition } from '../../engine/core';
import { ConfigError } from '../config';
import { EVERY_EVENT, eventNamesOf } from './events';

/** One receiver, as the file declares it. */
export interface WebhookSubscription {
  name: string;
  url: string;
  /** `whsec_` and the key in base64: what the Standard Webhooks signature is made with. */
  secret: string;
  /** Service keys, or `*` for every service. */
  services: readonly string[];
  /** `submitted`, `decided`, transition names, or `*`. */
  events: readonly string[];
  /** Whether its events carry the application's answers. */
  answers: boolean;
}

const validate = createAjv().compile<unknown[]>(schema);

/**
 * The subscriptions of `file` (none when no file is set), judged against `definitions`.
 * @throws ConfigError listing every problem as `WEBHOOKS_FILE <file>: entry <n> ("<name>") <field>: <why>`.
 */
export function loadWebhookSubscriptions(
  file: string | null,
  definitions: readonly ServiceDefinition[],
): WebhookSubscription[] {
  if (!file) return [];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `Invalid server settings:\n  WEBHOOKS_FILE: cannot read ${file}: ${(error as Error).message}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`Invalid server settings:\n  WEBHOOKS_FILE ${file}: not JSON: ${(error as Error).message}`);
  }
  const problems = webhookProblems(parsed, definitions);
  if (problems.length > 0)
    throw new ConfigError(
      `Invalid server settings:\n${problems.map((problem) => `  WEBHOOKS_FILE ${file}: ${problem}`).join('\n')}`,
    );
  return (parsed as Array<Omit<WebhookSubscription, 'answers'> & { answers?: boolean }>).map((entry) => ({
    ...entry,
    answers: entry.answers === true,
  }));
}

/**
 * What is wrong with a subscriptions file's content, one sentence per problem naming the entry (its
 * index and name) and the field: first its shape, then what the services make of it (a service key
 * not loaded, an event none of its services' tables has, a name used twice). Empty when it is good.
 */
export function webhookProblems(content: unknown, definitions: readonly ServiceDefinition[]): string[] {
  const entryOf = (index: number) => {
    const name = Array.isArray(content) ? (content[index] as { name?: unknown } | undefined)?.name : undefined;
    return `entry ${index}${typeof name === 'string' ? ` ("${name}")` : ''}`;
  };
  const problems: string[] = [];
  // Entries whose shape is wrong are named for it; the others are judged against the services too.
  const misshapen = new Set<number>();
  if (!validate(content)) {
    for (const error of validate.errors ?? []) {
      const [index, field] = error.instancePath.split('/').slice(1);
      if (index === undefined) return [`the file ${error.message ?? 'is not a list of subscriptions'}`];
      misshapen.add(Number(index));
      const cause = (
        error.params as { errors?: Array<{ params?: { missingProperty?: string; additionalProperty?: string } }> }
      ).errors?.[0]?.params;
      const what = field ?? cause?.missingProperty ?? cause?.additionalProperty;
      problems.push(`${entryOf(Number(index))}${what ? ` ${what}` : ''}: ${error.message ?? 'is not valid'}`);
    }
  }
  const entries = content as unknown[];
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
  const seen = new Set<string>();
  entries.forEach((raw, index) => {
    if (misshapen.has(index)) return;
    const entry = raw as WebhookSubscription;
    const at = entryOf(index);
    if (seen.has(entry.name)) problems.push(`${at} name: '${entry.name}' is used by an earlier entry`);
    seen.add(entry.name);
    const every = entry.services.includes(EVERY_EVENT);
    if (every && entry.services.length > 1) problems.push(`${at} services: "*" stands alone (every service)`);
    const unknown = entry.services.filter((key) => key !== EVERY_EVENT && !byKey.has(key));
    for (const key of unknown)
      problems.push(`${at} services: '${key}' is no loaded service (the services: ${[...byKey.keys()].join(', ')})`);
    const followed = every ? definitions : entry.services.flatMap((key) => byKey.get(key) ?? []);
    if (followed.length === 0) return;
    const known = new Set(followed.flatMap((definition) => eventNamesOf(definition)));
    for (const event of entry.events)
      if (!known.has(event))
        problems.push(
          `${at} events: '${event}' is no event of ${every ? 'any service' : entry.services.join(', ')} (its events: ${[...known].join(', ')})`,
        );
  });
  return problems;
}

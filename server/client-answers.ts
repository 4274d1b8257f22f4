/**
 * Answers of a client's own reads (the dashboard's list and statistics, an application's detail)
 * kept as sent, by the client's data revision: the database's triggers move `clients.data_revision`
 * with every change those answers show (server/db/migrations.ts, `0006_client_revisions`), whoever
 * writes (a route, the staff command, another instance), and the auth hook reads it with the session
 * at no extra query. While it has not moved, the same call is answered with the text built last
 * time instead of being queried, assembled and serialised again.
 *
 * The revision is read before the answer is built, so an answer is never kept under a revision newer
 * than what it shows: a change landing while it is built moves the revision past it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { okText, okTextOf } from './http';

/** What the kept answers may hold in all, in UTF-16 code units (about twice their bytes). */
const DEFAULT_BUDGET = 16 * 1024 * 1024;

interface KeptAnswer {
  revision: number;
  text: string;
}

/** A bounded store of answers by client and call; the least recently used leave first. */
export class ClientAnswers {
  private readonly kept = new Map<string, KeptAnswer>();
  private size = 0;

  constructor(private readonly budget = DEFAULT_BUDGET) {}

  /** The text kept for `key` of `clientId` at `revision`, or undefined (then any older one is dropped). */
  get(clientId: number, key: string, revision: number): string | undefined {
    const id = `${clientId} ${key}`;
    const answer = this.drop(id);
    if (!answer || answer.revision !== revision) return undefined;
    // Most recently used last: a Map keeps insertion order.
    this.keep(id, answer);
    return answer.text;
  }

  /** Keeps `text` as the answer to `key` of `clientId` at `revision`. */
  set(clientId: number, key: string, revision: number, text: string): void {
    const id = `${clientId} ${key}`;
    this.drop(id);
    if (text.length > this.budget) return;
    this.keep(id, { revision, text });
    for (const oldest of this.kept.keys()) {
      if (this.size <= this.budget) break;
      this.drop(oldest);
    }
  }

  private keep(id: string, answer: KeptAnswer): void {
    this.kept.set(id, answer);
    this.size += answer.text.length;
  }

  /** Removes the answer kept under `id`, if any, and answers it. */
  private drop(id: string): KeptAnswer | undefined {
    const answer = this.kept.get(id);
    if (answer) {
      this.kept.delete(id);
      this.size -= answer.text.length;
    }
    return answer;
  }

  /** How many answers are kept, and their total length. */
  stats(): { answers: number; size: number } {
    return { answers: this.kept.size, size: this.size };
  }
}

/**
 * Answers the signed-in client's call `key` with the kept text when their data has not changed since
 * it was built, else with `build()`'s data in the contract's envelope (and keeps it). Errors `build`
 * throws are answered as always and keep nothing.
 */
export async function answerClientRead(
  answers: ClientAnswers,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  build: () => Promise<unknown>,
): Promise<FastifyReply> {
  const { clientId, dataRevision } = request;
  let text = answers.get(clientId, key, dataRevision);
  if (text === undefined) {
    text = okTextOf(reply, await build());
    answers.set(clientId, key, dataRevision, text);
  }
  return okText(reply, text);
}

/**
 * The API bench's baseline: a minimal Fastify server answering, for each path of a JSON file given as
 * argument (`{ "/api/...": <body> }`), that body from memory, on the port given. What the real API adds
 * under the same load (authentication, the database, the envelope's translation, the headers) is the
 * difference between the two p99s of one run: a ratio that holds on a slow machine, where a number of
 * milliseconds does not.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [file = '', port = '0'] = process.argv.slice(2);
const answers = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const app = Fastify({ logger: false });
for (const [path, body] of Object.entries(answers)) {
  const text = JSON.stringify(body);
  app.get(path.split('?')[0] ?? path, (_request, reply) => reply.type('application/json; charset=utf-8').send(text));
}
await app.listen({ host: '127.0.0.1', port: Number(port) });
console.log('ready');

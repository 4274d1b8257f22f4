/**
 * `npm run services:check`: loads every definition under services/ and prints each problem as
 * `services/<file>#<pointer>: <message>`; exits 1 when there is any, otherwise prints one OK line.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DefinitionProblem } from '../engine/core/definition-problems';
import { loadServicesDir } from '../engine/core/node/load-services-dir';

export interface ServicesCheckResult {
  ok: boolean;
  problems: DefinitionProblem[];
  /** The lines to print: one per problem, or the OK summary. */
  lines: string[];
}

/** One problem as printed: the file under services/, a JSON pointer and the message. */
export function formatProblem(problem: DefinitionProblem): string {
  return `services/${problem.file}#${problem.pointer}: ${problem.message}`;
}

/** Checks the definitions under `servicesDir` without exiting. */
export function servicesCheck(servicesDir: string): ServicesCheckResult {
  const loaded = loadServicesDir(servicesDir);
  const { problems } = loaded;
  if (problems.length > 0) return { ok: false, problems, lines: problems.map(formatProblem) };
  const list = loaded.definitions
    .map((d) => `${d.key} (${d.id}${d.version > 1 ? `, version ${d.version}` : ''})`)
    .join(', ');
  return { ok: true, problems, lines: [`services:check OK: ${loaded.definitions.length} service(s): ${list}`] };
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  const dir = resolve(process.argv[2] ?? 'services');
  const result = servicesCheck(dir);
  for (const line of result.lines) (result.ok ? console.log : console.error)(line);
  process.exitCode = result.ok ? 0 : 1;
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { format, resolveConfig } from 'prettier';

/** Writes `value` to `file` as JSON laid out by the repository's formatter, so `format:check` passes on it. */
export async function writeFormattedJson(file: string, value: unknown): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  const config = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(JSON.stringify(value), { ...config, filepath: file }));
}

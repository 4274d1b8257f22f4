import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { format, resolveConfig } from 'prettier';

/**
 * Writes `value` to `file` as JSON laid out by the repository's formatter, so `format:check` passes on
 * it; objects stay one key per line (the formatter keeps an object open when its text is).
 */
export async function writeFormattedJson(file: string, value: unknown): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  const config = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(JSON.stringify(value, null, 2), { ...config, filepath: file }));
}

/**
 * Writes the schemas of the definition format that are made from code (`schemas/ui.schema.json`, from
 * the widget contracts), so an editor checks a service's files as `services:check` does.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import { UI_SCHEMA_FILE, uiMetaSchema } from '../engine/core/ui-meta-schema';

const REPOSITORY = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** `schemas/ui.schema.json` as written: the schema, formatted as the repository formats JSON. */
export async function uiSchemaText(): Promise<string> {
  return format(JSON.stringify(uiMetaSchema()), { parser: 'json', filepath: UI_SCHEMA_FILE });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(join(REPOSITORY, UI_SCHEMA_FILE), await uiSchemaText());
  console.log(`wrote ${UI_SCHEMA_FILE}`);
}

/**
 * `npm run services:upgrade [-- --services <dir>]`: writes every service.json of a folder written
 * before the transition table in the table's format (engine/core/lifecycle-upgrade.ts: statuses by
 * key, `lifecycle.transitions`, the platform's base included, `{name}` placeholders), and the
 * catalogues' English keys with the same placeholders, so nothing an analyst translated is lost. The
 * loader reads an older file the same way; this makes the files say it. Kept versions
 * (`versions/<n>.json`) are left as they shipped.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { needsLifecycleUpgrade, singleBraces, upgradeLifecycle } from '../engine/core/lifecycle-upgrade';
import { writeFormattedJson } from './write-formatted-json';

/** Upgrades the services under `servicesDir`; answers the files written. */
export async function upgradeServices(servicesDir: string): Promise<string[]> {
  const written: string[] = [];
  for (const folder of readdirSync(servicesDir, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const file = join(servicesDir, folder.name, 'service.json');
    if (!existsSync(file)) continue;
    const content = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    if (!needsLifecycleUpgrade(content)) continue;
    await writeFormattedJson(file, upgradeLifecycle(content));
    written.push(file);
  }
  for (const folder of readdirSync(servicesDir, { withFileTypes: true })) {
    const catalogues = join(servicesDir, folder.name, 'i18n');
    if (!folder.isDirectory() || !existsSync(catalogues)) continue;
    for (const name of readdirSync(catalogues).filter((entry) => entry.endsWith('.json'))) {
      const file = join(catalogues, name);
      const text = readFileSync(file, 'utf8');
      if (!text.includes('{{')) continue;
      const catalogue = JSON.parse(text) as Record<string, unknown>;
      const upgraded = Object.fromEntries(
        Object.entries(catalogue).map(([key, value]) => [
          singleBraces(key),
          typeof value === 'string' ? singleBraces(value) : value,
        ]),
      );
      await writeFormattedJson(file, upgraded);
      written.push(file);
    }
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--services');
  const dir = resolve(at >= 0 ? (process.argv[at + 1] ?? 'services') : 'services');
  const written = await upgradeServices(dir);
  console.log(
    written.length > 0 ? `Upgraded:\n${written.map((file) => `  ${file}`).join('\n')}` : 'Nothing to upgrade.',
  );
}

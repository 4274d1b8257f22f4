/**
 * The analyst studio's view of the disk (server/routes/studio*.ts): every service as it is on disk
 * now, not as the server loaded it at start, localized as the portal renders it, and a revision that
 * changes with any file of the services or the fixtures.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { isRecord, type ServiceDefinition } from '../engine/core';
import { localizeFromDisk, readServiceCatalogue, type CatalogueReader } from '../engine/core/node';
import type { AppContext } from './context';
import { DEFAULT_SERVICES_DIR, loadDefinitionsFrom } from './definitions';
import { notFound } from './http';
import { staffOf } from './staff-accounts';

export type StudioMode = 'off' | 'on' | 'open';

/** A language of the studio's calls: two letters. */
export const LANGUAGE = /^[a-z]{2}$/;

/** Every file under `dir` with its modification time, for the revision the studio watches. */
function fileStamps(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.sort().flatMap((name) => {
    const path = join(dir, name);
    const info = statSync(path);
    return info.isDirectory() ? fileStamps(path) : [`${path}:${info.mtimeMs}:${info.size}`];
  });
}

/** The studio's access check and its readings of the disk, for one server. */
export function studioDisk(ctx: AppContext) {
  const mode = ctx.config.studio;
  const servicesDir = ctx.servicesDir ?? DEFAULT_SERVICES_DIR;
  const fixturesRoot = resolve(servicesDir, '..', 'fixtures');

  /** Absent when off; a staff member's key when on. */
  async function admit(request: FastifyRequest): Promise<void> {
    if (mode === 'off') throw notFound();
    if (mode === 'on') await staffOf(ctx.db, request, ctx.config.limits.staffKeyMs);
  }

  /** The definitions as they are on disk now, and what is wrong with them. */
  const loadNow = () => loadDefinitionsFrom(servicesDir);

  /** A catalogue that is not valid JSON (the analyst is editing it) translates nothing meanwhile. */
  const readLeniently: CatalogueReader = (dir, folder, language) => {
    try {
      const catalogue = readServiceCatalogue(dir, folder, language);
      return isRecord(catalogue) ? catalogue : undefined;
    } catch {
      return undefined;
    }
  };

  /** A definition as the portal renders it in `language` (the English original for English). */
  const localized = (definition: ServiceDefinition, language: string): ServiceDefinition =>
    localizeFromDisk(servicesDir, definition, language, readLeniently);

  /** Changes whenever a file of the services or the fixtures changes: the studio reads again then. */
  const revisionNow = (): string => {
    const stamps = [...fileStamps(servicesDir), ...fileStamps(fixturesRoot)].join('\n');
    let hash = 0;
    for (let i = 0; i < stamps.length; i += 1) hash = (hash * 31 + stamps.charCodeAt(i)) | 0;
    return `${stamps.length}-${hash >>> 0}`;
  };

  return { mode, servicesDir, fixturesRoot, admit, loadNow, localized, revisionNow };
}

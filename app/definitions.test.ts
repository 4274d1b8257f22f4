import { describe, expect, it } from 'vitest';
import { loadServiceDefinitions } from '../engine/core/load-definitions';
import { readServiceFiles } from '../engine/core/node/read-service-files';
import { loadBundledDefinitions } from './definitions';

describe('bundled definitions', () => {
  it('loads every service under services/ without problems', () => {
    const { definitions, problems } = loadBundledDefinitions();
    expect(problems).toEqual([]);
    expect(definitions.map((d) => d.key)).toContain('plastics');
    for (const d of definitions) expect(d.routes.info.startsWith('/')).toBe(true);
  });

  it('are what the loader makes of the files, as the server loads them', () => {
    const { definitions } = loadServiceDefinitions(readServiceFiles('services').files);
    expect(loadBundledDefinitions().definitions).toEqual(definitions);
  });
});

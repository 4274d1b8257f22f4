import { describe, expect, it } from 'vitest';
import { withoutLetters } from '../engine/core/approval-letter';
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

  it('are what the loader makes of the files, as the server loads them, without what only the server reads', () => {
    const { definitions } = loadServiceDefinitions(readServiceFiles('services').files);
    const bundled = loadBundledDefinitions().definitions;
    expect(bundled).toEqual(definitions.map(withoutLetters));
    // The letters the server draws are not in the page's bundle.
    for (const definition of definitions.filter((d) => d.view.letter))
      expect(bundled.find((d) => d.key === definition.key)?.view).not.toHaveProperty('letter');
  });
});

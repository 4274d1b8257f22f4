import { describe, expect, it } from 'vitest';
import { loadBundledDefinitions, toDefinitionFileKey } from './definitions';

describe('bundled definitions', () => {
  it('keys files as <service>/<file>.json', () => {
    expect(toDefinitionFileKey('../services/plastics/service.json')).toBe('plastics/service.json');
  });

  it('loads every service under services/ without problems', () => {
    const { definitions, problems } = loadBundledDefinitions();
    expect(problems).toEqual([]);
    expect(definitions.map((d) => d.key)).toContain('plastics');
    for (const d of definitions) expect(d.routes.info.startsWith('/')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { definitionOfApplication } from './application-version';
import { testDefinition } from './test-definition';

describe('definitionOfApplication', () => {
  const current = [testDefinition({ version: 3 }), testDefinition({ id: 91, key: 'other' })];
  const archived = [testDefinition({ version: 1 }), testDefinition({ version: 2 })];
  const pick = (version: number | null | undefined, draft = false) =>
    definitionOfApplication(current, archived, { serviceId: 90, version, draft })?.version;

  it('shows a submitted application with the version it was submitted under', () => {
    expect(pick(1)).toBe(1);
    expect(pick(2)).toBe(2);
    expect(pick(3)).toBe(3);
  });

  it('gives a draft, an application without a version and one of a version not kept the current version', () => {
    expect(pick(1, true)).toBe(3);
    expect(pick(undefined)).toBe(3);
    expect(pick(null)).toBe(3);
    expect(pick(7)).toBe(3);
  });

  it('finds nothing for an unknown service', () => {
    expect(definitionOfApplication(current, archived, { serviceId: 5, version: 1, draft: false })).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { FeatureUnlock } from './definition-types';
import { testDefinition } from './test-definition';
import { allUnlocks, isUnlocked, unlockCheckPath, unlockOf } from './unlocks';

const unlock: FeatureUnlock = {
  feature: 'recycled-reports',
  route: '/reports',
  check: { path: 'checks/{clientId}/reports', answer: 'has_submitted' },
};

describe('feature unlocks', () => {
  it('finds the service that opens a feature, none when no service does', () => {
    const plain = testDefinition();
    const opener = testDefinition({ id: 1, key: 'opener', unlocks: [unlock] });
    expect(unlockOf([plain, opener], 'recycled-reports')).toEqual({ definition: opener, unlock });
    expect(unlockOf([plain], 'recycled-reports')).toBeUndefined();
    expect(allUnlocks([plain, opener])).toEqual([{ definition: opener, unlock }]);
  });

  it('asks the check for one client and reads its answer', () => {
    expect(unlockCheckPath(unlock, 7)).toBe('checks/7/reports');
    expect(isUnlocked(unlock, { has_submitted: true })).toBe(true);
    expect(isUnlocked(unlock, { has_submitted: 1 })).toBe(true);
    for (const answer of [{ has_submitted: false }, { has_submitted: 'true' }, {}, null, 'yes'])
      expect(isUnlocked(unlock, answer)).toBe(false);
  });
});

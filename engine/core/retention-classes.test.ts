import { describe, expect, it } from 'vitest';
import { loadServiceDefinitions } from './load-definitions';
import { RETENTION_FILE } from './retention-classes';
import { testFiles } from './test-definition';

const classes = {
  default: 'short',
  classes: {
    short: { afterDecisionDays: 30, draftIdleDays: 7, reason: 'a test' },
    long: { afterDecisionDays: 3650, draftIdleDays: 90, reason: 'a test' },
  },
};

describe('retention classes', () => {
  it("resolve a service's named class, or the platform's default", () => {
    const named = loadServiceDefinitions({ ...testFiles({ retention: 'long' }), [RETENTION_FILE]: classes });
    expect(named.problems).toEqual([]);
    expect(named.definitions[0]?.retentionPolicy).toEqual({
      class: 'long',
      afterDecisionDays: 3650,
      draftIdleDays: 90,
    });
    const unnamed = loadServiceDefinitions({ ...testFiles(), [RETENTION_FILE]: classes });
    expect(unnamed.definitions[0]?.retentionPolicy).toEqual({
      class: 'short',
      afterDecisionDays: 30,
      draftIdleDays: 7,
    });
  });

  it('refuse a service naming an unknown class, with the known ones', () => {
    const { definitions, problems } = loadServiceDefinitions({
      ...testFiles({ retention: 'forever' }),
      [RETENTION_FILE]: classes,
    });
    expect(definitions).toEqual([]);
    expect(problems).toEqual([
      {
        file: 'sample/service.json',
        pointer: '/retention',
        message: `unknown retention class 'forever': ${RETENTION_FILE} declares short, long`,
      },
    ]);
  });

  it('refuse a wrong platform file once, at its fields', () => {
    const wrong = {
      default: 'none',
      classes: { short: { afterDecisionDays: 0, draftIdleDays: 7, reason: '' } },
    };
    const { problems } = loadServiceDefinitions({ ...testFiles(), [RETENTION_FILE]: wrong });
    expect(problems).toEqual([
      {
        file: RETENTION_FILE,
        pointer: '/classes/short/afterDecisionDays',
        message: 'must be a whole number of days, at least 1',
      },
      {
        file: RETENTION_FILE,
        pointer: '/classes/short/reason',
        message: 'must say why the class keeps applications this long',
      },
      { file: RETENTION_FILE, pointer: '/default', message: 'must name one of the classes: short' },
    ]);
  });
});

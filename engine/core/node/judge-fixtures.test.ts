/** The one judgement of fixtures the conformance suite and the studio share. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sectionedTestDefinition } from '../test-definition';
import { judgeFixture, judgeFixtures } from './judge-fixtures';

const root = mkdtempSync(join(tmpdir(), 'judge-fixtures-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const write = (path: string, content: unknown) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), JSON.stringify(content));
};

describe('judgeFixtures', () => {
  const form = sectionedTestDefinition();
  const longName = { field: 'applicant.full_name', message: 'must NOT have more than 200 characters' };

  it('judges a form of sections by the data its files hold, sections and all', () => {
    write('sample/valid/a.json', { applicant: { full_name: 'Aline' }, site: { zone: 'C' } });
    write('sample/invalid/long.json', {
      data: { applicant: { full_name: 'x'.repeat(201) }, site: {} },
      expect: [longName],
    });
    write('sample/invalid/wrong.json', { data: { applicant: {}, site: {} }, expect: [longName] });
    expect(judgeFixtures(form, root).map(({ kind, name, errors, agrees }) => ({ kind, name, errors, agrees }))).toEqual(
      [
        { kind: 'valid', name: 'a.json', errors: [], agrees: true },
        { kind: 'invalid', name: 'long.json', errors: [longName], agrees: true },
        // Its sections are there, empty: it passes, so it is not refused as it expects.
        { kind: 'invalid', name: 'wrong.json', errors: [], agrees: false },
      ],
    );
  });

  it('says an invalid fixture that passes does not agree', () => {
    expect(judgeFixture(form, 'invalid', 'x.json', { applicant: {}, site: {} }, []).agrees).toBe(false);
    expect(judgeFixture(form, 'valid', 'y.json', {}).agrees).toBe(false);
  });
});

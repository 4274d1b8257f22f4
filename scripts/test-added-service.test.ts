/**
 * The API suites `test:added-service` runs are those that read the services under test: found by
 * their call, so a new suite of that kind joins, and a suite that reads no definition stays out.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { suitesEnumeratingServices } from './test-added-service';

const REPOSITORY = resolve(fileURLToPath(new URL('..', import.meta.url)));
const scratch = mkdtempSync(join(tmpdir(), 'added-service-suites-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the API suites a new definition can change', () => {
  it("are the repository's suites that enumerate the services under test", () => {
    const suites = suitesEnumeratingServices(REPOSITORY);
    expect(suites).toContain('tests/api/fuzz.test.ts');
    expect(suites).toContain('tests/api/status-reach.test.ts');
    expect(suites).not.toContain('tests/api/accounts.test.ts');
  });

  it('take in a new suite by its call, not by a list', () => {
    mkdirSync(join(scratch, 'tests', 'api'), { recursive: true });
    writeFileSync(
      join(scratch, 'tests', 'api', 'every-service.test.ts'),
      'for (const d of load(servicesUnderTest())) {}',
    );
    writeFileSync(join(scratch, 'tests', 'api', 'copy.test.ts'), "const root = servicesCopyIn('x-');");
    writeFileSync(join(scratch, 'tests', 'api', 'one-route.test.ts'), "it('answers', () => {});");
    writeFileSync(join(scratch, 'tests', 'api', 'helpers.ts'), 'export function servicesUnderTest() {}');
    expect(suitesEnumeratingServices(scratch)).toEqual(['tests/api/copy.test.ts', 'tests/api/every-service.test.ts']);
  });
});

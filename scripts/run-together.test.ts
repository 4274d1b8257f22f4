import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTogether } from './run-together.mjs';

// A throwaway package whose scripts pass, fail and write output, so the real npm runs them.
const folder = mkdtempSync(join(tmpdir(), 'ecopermit-run-together-'));
writeFileSync(
  join(folder, 'package.json'),
  JSON.stringify({
    name: 'run-together-sample',
    private: true,
    scripts: {
      passes: "node -e \"console.log('first line'); console.error('second line')\"",
      fails: 'node -e "console.log(\'why it failed\'); process.exit(3)"',
    },
  }),
);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('runTogether', () => {
  it('answers the scripts that failed, and prints each output whole with its outcome', async () => {
    const printed: string[] = [];
    const failed = await runTogether(['passes', 'fails'], { cwd: folder, print: (text) => printed.push(text) });
    expect(failed).toEqual(['fails']);
    const passed = printed.find((text) => text.startsWith('== passes: passed'));
    expect(passed).toContain('first line');
    expect(passed).toContain('second line');
    expect(printed.find((text) => text.startsWith('== fails: FAILED'))).toContain('why it failed');
  }, 60_000);
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readServiceFiles } from './read-service-files';

describe('readServiceFiles', () => {
  it('reads every folder JSON file and turns parse errors into problems', () => {
    const dir = mkdtempSync(join(tmpdir(), 'services-'));
    mkdirSync(join(dir, 'alpha'));
    writeFileSync(join(dir, 'alpha', 'service.json'), '{"id": 1}');
    writeFileSync(join(dir, 'alpha', 'ui.json'), '{ broken');
    writeFileSync(join(dir, 'alpha', 'notes.md'), '# not json');
    writeFileSync(join(dir, 'README.md'), 'top-level files are ignored');
    const { files, problems } = readServiceFiles(dir);
    expect(files).toEqual({ 'alpha/service.json': { id: 1 } });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'alpha/ui.json', pointer: '' });
    expect(problems[0]?.message).toMatch(/^not valid JSON/);
  });
});

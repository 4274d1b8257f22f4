// @module-tag dialect-free: names only, no database.
import { describe, expect, it } from 'vitest';
import { archiveFileName } from './own-data-archive';
import { archiveReadme } from './archive-readme';

describe('archiveFileName', () => {
  it('keeps a plain name, and names a second file of the same name apart (case aside)', () => {
    const taken = new Set<string>();
    expect(archiveFileName('scan.pdf', taken)).toBe('scan.pdf');
    expect(archiveFileName('Scan.PDF', taken)).toBe('Scan (2).PDF');
    expect(archiveFileName('scan.pdf', taken)).toBe('scan (3).pdf');
    expect(archiveFileName('notes', taken)).toBe('notes');
    expect(archiveFileName('notes', taken)).toBe('notes (2)');
  });

  it('never leaves its folder: separators, control characters and leading dots go', () => {
    const taken = new Set<string>();
    expect(archiveFileName('../../etc/passwd', taken)).toBe('_.._etc_passwd');
    expect(archiveFileName('a\\b:c\u0000d.pdf', taken)).toBe('a_b_c_d.pdf');
    expect(archiveFileName('...', taken)).toBe('file');
    expect(archiveFileName('.hidden', taken)).toBe('hidden');
  });
});

describe('archiveReadme', () => {
  it('names every file of the archive in the language given, dated', () => {
    const english = archiveReadme((text) => text, '2026-11-29');
    for (const file of [
      'account.json',
      'companies.json',
      'reports.json',
      'emails.json',
      'application.json',
      'documents/',
    ])
      expect(english).toContain(file);
    expect(english).toContain('as it was on 2026-11-29.');
    expect(archiveReadme((text) => `[${text}]`, '2026-11-29')).toContain('[This archive holds');
  });
});

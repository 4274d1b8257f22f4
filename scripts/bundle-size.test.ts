import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageSize, sentSize, staticClosure, type Manifest } from './bundle-size';

const manifest: Manifest = {
  'index.html': { file: 'entry.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'react.js' },
  '_forms.js': { file: 'forms.js', imports: ['_react.js'] },
  'layout/layout.tsx': { file: 'layout.js', imports: ['_react.js', '_dashboard-page-a1B2.js'] },
  '_dashboard-page-a1B2.js': { file: 'dashboard.js' },
  'pages/wizard.tsx': { file: 'wizard.js', imports: ['_forms.js', '_react.js'] },
  '../virtual:validators/audit/en/validators-audit-en': { file: 'validators.js' },
};
const sizes: Record<string, number> = {
  'entry.js': 10,
  'react.js': 100,
  'forms.js': 50,
  'layout.js': 20,
  'dashboard.js': 3,
  'wizard.js': 5,
  'validators.js': 7,
};
const sizeOf = (file: string) => sizes[file] ?? 0;

describe('bundle sizes', () => {
  it('follows static imports transitively', () => {
    expect([...staticClosure(manifest, 'pages/wizard.tsx')].sort()).toEqual([
      '_forms.js',
      '_react.js',
      'pages/wizard.tsx',
    ]);
  });

  it('counts the entry with what a page loads, each chunk once', () => {
    expect(pageSize(manifest, { load: [] }, sizeOf)).toBe(110);
    expect(pageSize(manifest, { load: ['layout/layout.tsx', 'pages/wizard.tsx'] }, sizeOf)).toBe(188);
    // A module several chunks share is found by its name.
    expect(pageSize(manifest, { load: ['dashboard-page'] }, sizeOf)).toBe(113);
    // So is a lazy page with a chunk of its own.
    const ownChunk: Manifest = { ...manifest, 'pages/profile-page.tsx': { file: 'profile.js' } };
    expect(pageSize(ownChunk, { load: ['profile-page'] }, (file) => (file === 'profile.js' ? 4 : sizeOf(file)))).toBe(
      114,
    );
  });

  it('counts what a page adds beyond another, virtual modules found by their name', () => {
    const wizard = { load: ['pages/wizard.tsx', 'validators-audit-en'], beyond: ['layout/layout.tsx'] };
    expect(pageSize(manifest, wizard, sizeOf)).toBe(62);
    expect(() => pageSize(manifest, { load: ['pages/missing.tsx'] }, sizeOf)).toThrow(
      'no single chunk for pages/missing.tsx',
    );
  });

  it('counts a file as sent: its precompressed twin for the encoding, the file itself without one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ecopermit-sizes-'));
    try {
      mkdirSync(join(dir, 'assets'));
      writeFileSync(join(dir, 'assets', 'big.js'), 'x'.repeat(5000));
      writeFileSync(join(dir, 'assets', 'big.js.br'), 'b'.repeat(40));
      writeFileSync(join(dir, 'assets', 'big.js.gz'), 'g'.repeat(60));
      writeFileSync(join(dir, 'assets', 'tiny.js'), 'x'.repeat(300));
      expect(sentSize(dir, 'br')('assets/big.js')).toBe(40);
      expect(sentSize(dir, 'gz')('assets/big.js')).toBe(60);
      expect(sentSize(dir, 'br')('assets/tiny.js')).toBe(300);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureBundle, staticClosure, type Manifest } from './bundle-size';

const manifest: Manifest = {
  'index.html': { file: 'entry.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'react.js' },
  '_forms.js': { file: 'forms.js', imports: ['_react.js'] },
  'pages/wizard.tsx': { file: 'wizard.js', imports: ['_forms.js', '_react.js'] },
};

describe('bundle sizes', () => {
  it('follows static imports transitively', () => {
    expect([...staticClosure(manifest, 'pages/wizard.tsx')].sort()).toEqual([
      '_forms.js',
      '_react.js',
      'pages/wizard.tsx',
    ]);
  });

  it('counts the initial JS once and what a route adds beyond it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const sizes: Record<string, number> = { 'entry.js': 10, 'react.js': 100, 'forms.js': 50, 'wizard.js': 5 };
    const measured = measureBundle(dir, ['pages/wizard.tsx'], (file) => sizes[file] ?? 0);
    expect(measured).toEqual({ initial: 110, routes: { 'pages/wizard.tsx': 55 } });
    expect(() => measureBundle(dir, ['pages/missing.tsx'], () => 0)).toThrow('no chunk for pages/missing.tsx');
  });
});

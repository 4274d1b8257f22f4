import { describe, expect, it } from 'vitest';
import { ownPortalFirst } from './own-portal-first';

describe('ownPortalFirst', () => {
  const sources: Record<string, string> = {
    'a.test.ts': 'product = await startProduct();',
    'b.test.ts': 'product = await startProduct(copy.ownPortal, { dataDir });',
    'c.test.ts': 'const ownPortalish = 1; // no build of its own',
    'd.test.ts': 'product = await startProduct(copy.env);',
  };
  const files = Object.keys(sources).map((moduleId) => ({ moduleId }));

  it('moves the files that build a portal of their own to the front, keeping the order of the rest', () => {
    expect(ownPortalFirst(files, (path) => sources[path] ?? '').map((file) => file.moduleId)).toEqual([
      'b.test.ts',
      'a.test.ts',
      'c.test.ts',
      'd.test.ts',
    ]);
  });

  it('keeps the order when no file builds a portal of its own', () => {
    const plain = files.filter((file) => file.moduleId !== 'b.test.ts');
    expect(ownPortalFirst(plain, (path) => sources[path] ?? '')).toEqual(plain);
  });
});

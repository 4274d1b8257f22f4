import { describe, expect, it } from 'vitest';
import { groupMembership, modulesLoadedWith, type BuiltChunk } from './vite-plugin-page-chunks';

/** A build as the bundler cuts it: the entry, three lazy pages and the chunks they share. */
const chunks: BuiltChunk[] = [
  { fileName: 'index.js', isEntry: true, moduleIds: ['main', 'router'], imports: ['react.js'] },
  { fileName: 'react.js', isEntry: false, moduleIds: ['react', 'react-dom'], imports: [] },
  { fileName: 'landing.js', isEntry: false, moduleIds: ['landing'], imports: ['shell.js', 'react.js'] },
  { fileName: 'login.js', isEntry: false, moduleIds: ['login'], imports: ['shell.js', 'input.js'] },
  { fileName: 'shell.js', isEntry: false, moduleIds: ['shell', 'button'], imports: ['react.js'] },
  { fileName: 'input.js', isEntry: false, moduleIds: ['input'], imports: ['react.js'] },
  { fileName: 'dashboard.js', isEntry: false, moduleIds: ['dashboard'], imports: ['input.js', 'layout.js'] },
  { fileName: 'layout.js', isEntry: false, moduleIds: ['layout', 'button2'], imports: [] },
  { fileName: 'profile.js', isEntry: false, moduleIds: ['profile'], imports: ['input.js', 'layout.js'] },
];

describe('page chunks', () => {
  it('reads the modules a page loads from its chunk and the chunks it imports', () => {
    expect([...modulesLoadedWith('login', chunks)].sort()).toEqual(
      ['button', 'input', 'login', 'react', 'react-dom', 'shell'].sort(),
    );
    expect(() => modulesLoadedWith('studio', chunks)).toThrow('studio is in no chunk of the build');
  });

  it('groups what every page of a group loads, with the entry; an earlier group keeps what both share', () => {
    const member = groupMembership(
      [
        { name: 'public', pages: ['landing', 'login'] },
        { name: 'signed-in', pages: ['dashboard', 'profile'] },
      ],
      'main',
      chunks,
    );
    const of = (group: string) =>
      [...member]
        .filter(([, name]) => name === group)
        .map(([id]) => id)
        .sort();
    // The pages' own modules and what only one of them needs (the input) stay out of the group.
    expect(of('public')).toEqual(['button', 'main', 'react', 'react-dom', 'router', 'shell']);
    expect(of('signed-in')).toEqual(['button2', 'input', 'layout']);
  });

  it("gives a group of its own parts only what no page of an earlier group loads, and not the pages' modules", () => {
    const member = groupMembership(
      [
        { name: 'public', pages: ['landing', 'login'] },
        { name: 'dashboard-parts', pages: ['dashboard'], ownParts: true },
      ],
      'main',
      chunks,
    );
    const parts = [...member].filter(([, name]) => name === 'dashboard-parts').map(([id]) => id);
    // The input the login page loads stays apart (the login page never loads the dashboard's chunk).
    expect(parts.sort()).toEqual(['button2', 'layout']);
  });
});

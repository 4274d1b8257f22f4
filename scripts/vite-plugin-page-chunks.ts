/**
 * Vite plugin: one chunk for what every page of a group needs. Left to itself, the bundler cuts the
 * code every public page shares (React DOM, MUI's core, the router, the portal's frame) into a score
 * of chunks by which lazy pages import each module, since the signed-in pages import the same
 * modules. A page then loads some thirty files, and each compresses alone: gzip finds no repeats
 * across files, and each file adds its own import and export statements (about a tenth of the
 * login page's bytes). Here a group (the public pages, then the signed-in ones) names its pages; the
 * modules that every one of them loads go into one chunk named after the group, which every page of
 * the group loads once. What only some pages need stays with them, cut as the bundler would.
 *
 * What a page loads is read from the bundler itself: a first build in memory, chunked as usual, gives
 * each page's chunks and their modules (what tree-shaking kept, so a library's index that re-exports
 * everything brings only what is used). The real build then groups those modules.
 */
import { buildStage } from './build-stages';
import { build, type Plugin, type Rolldown } from 'vite';

/** A group of pages: the modules every one of them loads make one chunk, named `name`. */
export interface PageGroup {
  name: string;
  /** The pages' modules (absolute paths); the entry is loaded by every page too. */
  pages: string[];
  /**
   * The group's chunk takes only the parts of its pages: no module that a page of an earlier group
   * (outside this one) loads, and not the pages' own modules, which stay the chunks the router loads.
   * For a group of one page (the dashboard), whose parts the bundler would otherwise cut into a score
   * of chunks by which other pages share each, while no public page ever loads the group's chunk.
   */
  ownParts?: boolean;
}

/** The chunks of a build, as the analysis reads them. */
export type BuiltChunk = Pick<Rolldown.OutputChunk, 'fileName' | 'moduleIds' | 'imports' | 'isEntry'>;

/** The modules a page loads: those of the chunk holding it and of every chunk that chunk imports. */
export function modulesLoadedWith(module: string, chunks: BuiltChunk[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const start = chunks.find((chunk) => chunk.moduleIds.includes(module));
  if (!start) throw new Error(`page chunks: ${module} is in no chunk of the build`);
  const modules = new Set<string>();
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const chunk = stack.pop() as BuiltChunk;
    if (seen.has(chunk.fileName)) continue;
    seen.add(chunk.fileName);
    for (const id of chunk.moduleIds) modules.add(id);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) stack.push(imported);
    }
  }
  return modules;
}

/**
 * The group of each module that every page of a group loads (with the entry); a module two groups
 * share belongs to the earlier one. A group with `ownParts` leaves out what pages of earlier groups
 * load and its pages' own modules.
 */
export function groupMembership(groups: PageGroup[], entry: string, chunks: BuiltChunk[]): Map<string, string> {
  const member = new Map<string, string>();
  const fromEntry = modulesLoadedWith(entry, chunks);
  const loadedBy = new Map<string, Set<string>>();
  const loadedWith = (page: string): Set<string> => {
    let loaded = loadedBy.get(page);
    if (!loaded) loadedBy.set(page, (loaded = new Set([...fromEntry, ...modulesLoadedWith(page, chunks)])));
    return loaded;
  };
  const earlierPages = new Set<string>();
  for (const group of groups) {
    let shared: Set<string> | undefined;
    for (const page of group.pages) {
      const loaded = loadedWith(page);
      shared = shared ? new Set([...shared].filter((id) => loaded.has(id))) : loaded;
    }
    const others = group.ownParts
      ? [...earlierPages].filter((page) => !group.pages.includes(page)).map(loadedWith)
      : [];
    const leftOut = (id: string) =>
      member.has(id) ||
      (group.ownParts === true && (group.pages.includes(id) || others.some((loaded) => loaded.has(id))));
    for (const id of shared ?? []) if (!leftOut(id)) member.set(id, group.name);
    for (const page of group.pages) earlierPages.add(page);
  }
  return member;
}

/** Set in the first build, which must not analyse itself (nor do what only the real build does). */
export const ANALYSING = 'ECOPERMIT_PAGE_CHUNKS_ANALYSING';

export function pageChunksPlugin(groups: PageGroup[], entry: string): Plugin {
  let member = new Map<string, string>();
  let configFile: string | undefined;
  let mode = 'production';
  return {
    name: 'ecopermit-page-chunks',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild && !process.env[ANALYSING],
    config() {
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // Earlier groups first: their chunks take the modules a later group shares too.
                groups: groups.map((group, index) => ({
                  name: group.name,
                  priority: groups.length - index,
                  test: (id: string) => member.get(id) === group.name,
                })),
              },
            },
          },
        },
      };
    },
    configResolved(config) {
      configFile = config.configFile;
      mode = config.mode;
    },
    async buildStart() {
      buildStage('finding what each page loads');
      process.env[ANALYSING] = '1';
      try {
        const output = await build({
          configFile,
          mode,
          logLevel: 'error',
          build: { write: false, minify: false, sourcemap: false, emptyOutDir: false },
        });
        const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
        const chunks = outputs.flatMap((out) => out.output.filter((item) => item.type === 'chunk'));
        member = groupMembership(groups, entry, chunks);
      } finally {
        delete process.env[ANALYSING];
      }
    },
  };
}

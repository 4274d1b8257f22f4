/**
 * Vite plugin: prerenders the portal's public pages and every service's information page, in each
 * language, once the portal is built. It bundles `app/prerender.tsx` for Node (a second, SSR build),
 * asks the reference API, started in this process on a database of its own seeded from the
 * reference data, for the answers the pages show (the services list, a service's documents), draws
 * each page with them and writes it from the built `index.html`:
 *
 * - `pages/<lang>/<page>.html`: the page's HTML in its root (`data-prerendered="page"`), its
 *   critical CSS in its head, the answers it was drawn with as a JSON data element, `<html lang>`;
 * - `pages/<lang>/shell.html`: the signed-in pages' frame with a skeleton (`data-prerendered="shell"`);
 * - `pages/pages.json`: address -> file, the shell and the languages, which the server reads
 *   (server/portal-pages.ts) to answer each address with its page in the visitor's language.
 *
 * Each file gets its brotli and gzip twins, like the rest of the build (at the same `effort`).
 */
import { buildStage } from './build-stages';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { build, type Plugin } from 'vite';
import { ANALYSING } from './vite-plugin-page-chunks';
import { compressor, type CompressionEffort } from './vite-plugin-precompress';

/** Where the pages go in the build, and the name of their index. */
export const PAGES_DIR = 'pages';
export const PAGES_INDEX = 'pages.json';
export const SHELL_FILE = 'shell.html';

const REPOSITORY = resolve(fileURLToPath(new URL('..', import.meta.url)));
const ENTRY = join(REPOSITORY, 'app', 'prerender.tsx');

/** What pages.json holds. */
export interface PagesIndex {
  /** The languages the pages are drawn in; the first is the default. */
  languages: string[];
  /** The cookie that keeps the visitor's language. */
  cookie: string;
  /** Address -> file name under `pages/<lang>/`. */
  pages: Record<string, string>;
  /** The file of every other address (the signed-in pages). */
  shell: string;
}

/** The module app/prerender.tsx, as its Node bundle exports it. */
type PrerenderModule = typeof import('../app/prerender');

/** Set in the SSR build, which must not prerender itself. */
const PRERENDERING = 'ECOPERMIT_PRERENDERING';

/**
 * A page of the build: `template` (the built index.html) with `html` in its root, `styles` in its
 * head, the language and the answers it was drawn with.
 */
export function pageDocument(
  template: string,
  page: { html: string; styles: string; language: string; kind: 'page' | 'shell'; answersElement: string },
): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('</head>'))
    throw new Error('prerender: index.html has no <div id="root"></div> or no </head>');
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${page.language}">`)
    .replace('</head>', `${page.styles}</head>`)
    .replace(
      root,
      `<div id="root" data-prerendered="${page.kind}" data-language="${page.language}">${page.html}</div>${page.answersElement}`,
    );
}

/** Answers the API's data for each path, in `language`, from the reference API in this process. */
type AskApi = (path: string, language: string) => Promise<unknown>;

/** Starts the reference API on a database of its own (seeded as at a first start) and answers its reads. */
async function referenceApi(): Promise<{ ask: AskApi; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ecopermit-prerender-'));
  const { loadConfig } = (await tsImport('../server/config.ts', import.meta.url)) as typeof import('../server/config');
  const { buildApp } = (await tsImport('../server/app.ts', import.meta.url)) as typeof import('../server/app');
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'silent',
    STATIC_DIR: join(dataDir, 'no-portal'),
  });
  const app = await buildApp(config);
  return {
    async ask(path, language) {
      const answer = await app.inject({ method: 'GET', url: `/api/${path}`, headers: { 'accept-language': language } });
      const body = answer.json<{ code: number; data: unknown; error: string | null }>();
      if (answer.statusCode !== 200)
        throw new Error(`prerender: GET ${path} answered ${answer.statusCode}: ${body.error}`);
      return body.data;
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The plugin; `effort` is the compression of the pages' twins, as the precompress plugin's. */
export function prerenderPlugin(effort: CompressionEffort = 'best'): Plugin {
  let configFile: string | undefined;
  let mode = 'production';
  let outDir = '';
  return {
    name: 'ecopermit-prerender',
    apply: (_config, env) =>
      env.command === 'build' && !env.isSsrBuild && !process.env[PRERENDERING] && !process.env[ANALYSING],
    configResolved(config) {
      configFile = config.configFile;
      mode = config.mode;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      buildStage('prerendering the public pages');
      // The Node bundle goes under node_modules, so its imports of packages resolve as the project's.
      const ssrDir = join(REPOSITORY, 'node_modules', '.cache', `ecopermit-prerender-${process.pid}`);
      process.env[PRERENDERING] = '1';
      try {
        await build({
          configFile,
          mode,
          logLevel: 'error',
          build: { ssr: ENTRY, outDir: ssrDir, emptyOutDir: true, minify: false, sourcemap: false },
        });
      } finally {
        delete process.env[PRERENDERING];
      }
      const api = await referenceApi();
      const twinsOf = compressor(effort);
      try {
        const prerender = (await import(pathToFileURL(join(ssrDir, 'prerender.js')).href)) as PrerenderModule;
        const template = await readFile(join(outDir, 'index.html'), 'utf8');
        const pages = await prerender.prerenderedPages();
        const languages = prerender.LANGUAGES.map((language) => language.code);
        const write = async (language: string, file: string, content: string) => {
          const path = join(outDir, PAGES_DIR, language, file);
          const bytes = Buffer.from(content);
          await writeFile(path, bytes);
          const twins = await twinsOf.twins(file, bytes);
          if (twins) await Promise.all([writeFile(`${path}.br`, twins.br), writeFile(`${path}.gz`, twins.gz)]);
        };
        // Pages are drawn one after the other (the translator is the module's); files are written
        // and compressed while the next ones are drawn.
        const writing: Array<Promise<void>> = [];
        for (const language of languages) {
          await mkdir(join(outDir, PAGES_DIR, language), { recursive: true });
          for (const page of pages) {
            const answers: Record<string, unknown> = {};
            for (const path of page.answers) answers[path] = await api.ask(path, language);
            const drawn = await prerender.drawPage(page.path, language, answers);
            const answersElement = page.answers.length > 0 ? prerender.prerenderedAnswersElement(answers) : '';
            writing.push(
              write(language, page.file, pageDocument(template, { ...drawn, language, kind: 'page', answersElement })),
            );
          }
          const shell = await prerender.drawShell(language);
          writing.push(
            write(
              language,
              SHELL_FILE,
              pageDocument(template, { ...shell, language, kind: 'shell', answersElement: '' }),
            ),
          );
        }
        await Promise.all(writing);
        const index: PagesIndex = {
          languages,
          cookie: prerender.LANGUAGE_STORAGE_KEY,
          pages: Object.fromEntries(pages.map((page) => [page.path, page.file])),
          shell: SHELL_FILE,
        };
        await writeFile(join(outDir, PAGES_DIR, PAGES_INDEX), `${JSON.stringify(index, null, 2)}\n`);
      } finally {
        await Promise.all([api.close(), twinsOf.close()]);
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}

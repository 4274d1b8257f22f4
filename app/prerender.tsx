/**
 * The build's prerender (scripts/vite-plugin-prerender.ts runs this module, bundled for Node): the
 * public pages and every service's information page drawn to HTML with react-dom's server renderer,
 * in each language, with the answers of the reference data they show, and MUI's styles of each page
 * (Emotion's critical CSS) to put in its head. The browser shows that HTML before any script runs and
 * then hydrates it (main.tsx). The signed-in pages get a shell instead: their frame with a skeleton
 * where the page will be, replaced once the page is drawn.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ServiceDefinition } from '../engine/core';
import { createAppApi } from './api';
import { bundledDefinitions } from './definitions-context';
import { activateStoredLanguage, loadAllTexts } from './i18n';
import { LANGUAGE_STORAGE_KEY, LANGUAGES, type LanguageCode } from './i18n/languages';
import { SignedInFrame } from './layout/signed-in-frame';
import { Portal, PortalProviders } from './portal';
import { setPrerenderedAnswers } from './prerendered-answers';
import { preloadPage } from './routes';

export { LANGUAGE_STORAGE_KEY, LANGUAGES };
export { prerenderedAnswersElement } from './prerendered-answers';

/** A page the build draws: its address, the name of its file, and the API reads it shows. */
export interface PrerenderedPage {
  path: string;
  file: string;
  answers: string[];
}

/** The file of a page: `/` is `index.html`, `/login` is `login.html`. */
const fileOf = (path: string) => `${path.replace(/^\/+|\/+$/g, '') || 'index'}.html`;

/** The pages the build draws: the public ones, then each service's information page. */
export async function prerenderedPages(): Promise<PrerenderedPage[]> {
  const { definitions } = await bundledDefinitions.load();
  const info = (definition: ServiceDefinition): PrerenderedPage => ({
    path: definition.routes.info,
    file: fileOf(definition.routes.info),
    // The authority's list of documents, read only for a service whose documents step uses it.
    answers: definition.documents?.serviceAttachments === false ? [] : [`service/attachments/${definition.id}`],
  });
  return [
    { path: '/', file: fileOf('/'), answers: ['services'] },
    ...['/login', '/register', '/forgot-password'].map((path) => ({ path, file: fileOf(path), answers: [] })),
    ...definitions.map(info),
  ];
}

/** The HTML of a page's root and the style elements of its head. */
export interface DrawnPage {
  html: string;
  styles: string;
}

/** Draws `tree` with a fresh Emotion cache and answers its HTML and its critical CSS. */
async function draw(tree: ReactNode): Promise<DrawnPage> {
  // The browser's Emotion cache has the key `css` too, so it takes these styles over as its own.
  const cache = createCache({ key: 'css' });
  // Styles are collected in the cache, not written beside each element.
  cache.compat = true;
  // Everything the page draws is loaded ahead (preloadPage), so one synchronous pass draws it all:
  // no part waits for its code, and the HTML needs no script of React's to complete it, which the
  // portal's Content-Security-Policy (no inline script) would refuse.
  const html = renderToString(<CacheProvider value={cache}>{tree}</CacheProvider>);
  // A part that still waited shows its fallback, marked for the browser to draw it: a page drawn
  // incomplete would flash when hydrated, so the build stops instead.
  if (html.includes('<!--$?-->') || html.includes('<!--$!-->'))
    throw new Error(
      'prerender: a part of the page was not loaded ahead (see preloadPage); it would be drawn incomplete',
    );
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  return { html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}

/** Makes `language` the interface language, with every text of every page. */
async function speak(language: LanguageCode): Promise<void> {
  await Promise.all([activateStoredLanguage(language), loadAllTexts()]);
}

/**
 * Draws the page at `path` in `language`, showing `answers` (API path -> data) where it reads the
 * API. The translator and the answers are module state: pages are drawn one after the other.
 */
export async function drawPage(
  path: string,
  language: LanguageCode,
  answers: Record<string, unknown>,
): Promise<DrawnPage> {
  await speak(language);
  setPrerenderedAnswers(answers);
  await preloadPage(path);
  const router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
  return draw(<Portal api={createAppApi()} router={router} />);
}

/** The signed-in pages' shell in `language`: their frame (bar, navigation, footer) with a skeleton page. */
export async function drawShell(language: LanguageCode): Promise<DrawnPage> {
  await speak(language);
  setPrerenderedAnswers({});
  return draw(
    <PortalProviders api={createAppApi()}>
      <StaticRouter location="/">
        <SignedInFrame>
          <Stack spacing={2} aria-hidden>
            <Skeleton variant="text" width="40%" height={48} />
            <Skeleton variant="rounded" height={120} />
            <Skeleton variant="rounded" height={240} />
          </Stack>
        </SignedInFrame>
      </StaticRouter>
    </PortalProviders>,
  );
}

import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import i18n, { i18nReady } from './i18n';
import { keepLanguageCookie } from './i18n/languages';
import { createAppApi } from './api';
import { Portal } from './portal';
import { preloadPage } from './routes';

// A 401 signs out (inside createAppApi); RequireAuth then sends the user to /login, origin remembered.
const api = createAppApi();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

/**
 * What the server sent in #root: a page the build drew (`page`, hydrated when it is in the language
 * of this browser), the signed-in pages' frame with a skeleton (`shell`, replaced), or nothing (`npm
 * run dev`).
 */
const { prerendered, language: drawnIn } = container.dataset;

/** The browser's router, moving between pages at once (see docs/delivery.md, What each page loads). */
function Router({ children }: { children: ReactNode }) {
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
}

/** A new task: the page's first render runs apart from the evaluation of its code, so neither blocks input long. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  keepLanguageCookie();
  // The stored language's texts and the code of the page of the address, so the first render draws
  // the whole page in that language (no English flash, no spinner). A page whose code cannot load
  // shows why when it renders.
  await Promise.all([i18nReady, preloadPage(window.location.pathname).catch(() => {})]);
  await nextTask();
  const portal = <Portal api={api} router={Router} />;
  if (prerendered === 'page' && drawnIn === i18n.language) hydrateRoot(container as HTMLElement, portal);
  else createRoot(container as HTMLElement).render(portal);
}

void start();

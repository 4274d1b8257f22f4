/**
 * The portal's pages as the build prerendered them (scripts/vite-plugin-prerender.ts writes them and
 * `pages/pages.json`): an address of a prerendered page (the public pages, each service's
 * information page) answers that page's HTML, any other address of the portal the signed-in pages'
 * shell, each in the visitor's language, which the portal keeps in a cookie beside localStorage (the
 * page is the first thing a browser shows: no script has run to read localStorage). A build without
 * prerendered pages answers its index.html for every address, as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the build writes into pages/pages.json. */
interface PagesIndex {
  languages: string[];
  cookie: string;
  pages: Record<string, string>;
  shell: string;
}

/** The file to send for an address (relative to the portal's folder), and its language. */
export interface PortalPage {
  file: string;
  language?: string;
}

/** `/login/` and `/login` are one address. */
const normalPath = (path: string) => `/${path.replace(/^\/+|\/+$/g, '')}`;

/** The value of cookie `name` in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * Reads the build's index of pages in `staticDir` and answers, for an address and a Cookie header,
 * the page to send: the prerendered page of the address or the shell, in the cookie's language when
 * the build has it, else the first (default) one.
 */
export function portalPages(staticDir: string): (path: string, cookies: string | undefined) => PortalPage {
  const indexFile = join(staticDir, 'pages', 'pages.json');
  if (!existsSync(indexFile)) return () => ({ file: 'index.html' });
  const index = JSON.parse(readFileSync(indexFile, 'utf8')) as PagesIndex;
  const languages = new Set(index.languages);
  return (path, cookies) => {
    const asked = cookieValue(cookies, index.cookie);
    const language = asked !== undefined && languages.has(asked) ? asked : (index.languages[0] ?? 'en');
    const page = index.pages[normalPath(path)] ?? index.shell;
    return { file: `pages/${language}/${page}`, language };
  };
}

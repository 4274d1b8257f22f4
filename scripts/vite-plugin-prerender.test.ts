import { describe, expect, it } from 'vitest';
import { pageDocument } from './vite-plugin-prerender';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head><title>EcoPermit</title><script type="module" src="/assets/index-1.js"></script></head>
  <body><noscript>EcoPermit needs JavaScript to run.</noscript><div id="root"></div></body>
</html>`;

describe('pageDocument', () => {
  it('puts the drawn page in the root, its styles in the head and its language on <html>', () => {
    const page = pageDocument(TEMPLATE, {
      html: '<h1>Anmeldung</h1>',
      styles: '<style data-emotion="css abc">.css-abc{color:red}</style>',
      language: 'de',
      kind: 'page',
      answersElement: '<script type="application/json" id="prerendered-answers">{}</script>',
    });
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('<style data-emotion="css abc">.css-abc{color:red}</style></head>');
    expect(page).toContain(
      '<div id="root" data-prerendered="page" data-language="de"><h1>Anmeldung</h1></div><script type="application/json" id="prerendered-answers">{}</script>',
    );
    // The entry script stays where the build put it.
    expect(page).toContain('<script type="module" src="/assets/index-1.js"></script>');
  });

  it('refuses a template without the root to draw into', () => {
    expect(() =>
      pageDocument('<html lang="en"><head></head><body></body></html>', {
        html: '',
        styles: '',
        language: 'en',
        kind: 'shell',
        answersElement: '',
      }),
    ).toThrow('index.html has no <div id="root"></div>');
  });
});

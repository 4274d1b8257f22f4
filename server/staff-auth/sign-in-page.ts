/**
 * The embedded provider's pages, written by the server (no script: the security headers allow none
 * inline): the staff sign-in form, the sign-out question and its answer, and an error. Each is in the
 * language of the browser's `Accept-Language` among the portal's (the server's catalogues,
 * server/i18n), labelled for screen readers, and escapes every value it shows.
 */
import type { ServerMessages } from '../messages';

/** The texts of the pages (English; translated in server/i18n/<lang>.json). */
export const PAGE_TEXTS = {
  title: 'Staff sign-in',
  name: 'Name',
  password: 'Password',
  signIn: 'Sign in',
  wrongPassword: 'The name or password is not right.',
  badLink: 'This sign-in link is not valid, was used already or has expired. Ask for a new one.',
  signOutTitle: 'Sign out of the staff console?',
  signOut: 'Sign out',
  stay: 'Stay signed in',
  signedOut: 'You are signed out.',
  failed: 'The sign-in could not go on. Please start again from the console.',
} as const;

/** Text safe inside HTML elements and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The pages of one request's language. */
export interface PageWriter {
  language: string;
  say(text: string): string;
}

/** The page writer of a request's `Accept-Language`. */
export function pageWriter(messages: ServerMessages, acceptLanguage: string | undefined): PageWriter {
  const language = messages.languageOf(acceptLanguage);
  return { language: language ?? 'en', say: (text) => escapeHtml(messages.translate(text, language)) };
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f4;color:#1b1b1b}
main{max-width:24rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px #0003}
h1{font-size:1.4rem;margin-top:0}label{display:block;margin:1rem 0 .25rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #767676;border-radius:4px}
button{margin-top:1.25rem;padding:.6rem 1.2rem;font-size:1rem;border:0;border-radius:4px;background:#1b5e20;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1b5e20;border:1px solid #1b5e20;margin-left:.5rem}
[role=alert]{color:#b00020;font-weight:600}`;

function page(writer: PageWriter, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${writer.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${STYLE}</style></head>
<body><main><h1>${title}</h1>
${body}
</main></body></html>`;
}

/** The password form of interaction `uid`, with a refusal above it when there is one. */
export function signInForm(
  writer: PageWriter,
  action: string,
  options: { error?: string; name?: string } = {},
): string {
  const { say } = writer;
  const error = options.error ? `<p role="alert" id="sign-in-error">${say(options.error)}</p>` : '';
  const described = options.error ? ' aria-describedby="sign-in-error" aria-invalid="true"' : '';
  return page(
    writer,
    say(PAGE_TEXTS.title),
    `${error}<form method="post" action="${escapeHtml(action)}">
<label for="name">${say(PAGE_TEXTS.name)}</label>
<input id="name" name="name" autocomplete="username" required autofocus value="${escapeHtml(options.name ?? '')}"${described}>
<label for="password">${say(PAGE_TEXTS.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}>
<button type="submit">${say(PAGE_TEXTS.signIn)}</button>
</form>`,
  );
}

/** The provider's sign-out question around its form (`id="op.logoutForm"`, with its xsrf field). */
export function signOutPage(writer: PageWriter, form: string): string {
  const { say } = writer;
  return page(
    writer,
    say(PAGE_TEXTS.signOutTitle),
    `${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">${say(PAGE_TEXTS.signOut)}</button>
<button type="submit" form="op.logoutForm" class="secondary">${say(PAGE_TEXTS.stay)}</button>`,
  );
}

/** A page that says one thing (signed out, a refusal). */
export function messagePage(writer: PageWriter, text: string, detail?: string): string {
  const { say } = writer;
  return page(
    writer,
    say(PAGE_TEXTS.title),
    `<p role="alert">${say(text)}</p>${detail ? `<p>${escapeHtml(detail)}</p>` : ''}`,
  );
}

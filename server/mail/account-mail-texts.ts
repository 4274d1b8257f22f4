/**
 * The texts of the account e-mails (one-time codes, the notice that someone tried to register an
 * account again, the confirmation that an account was closed) and how one is written. Like the platform's status e-mails, every text is English
 * here and translated by the server's catalogues (server/i18n/<lang>.json) before its values are put
 * in, so a catalogue translates it once for every recipient.
 */
import type { WrittenEmail } from '../../engine/core';

/** What a code is for: the registration's confirmation or a new password. */
export type CodePurpose = 'register' | 'reset';

/** One account e-mail: its subject, its paragraphs and, for some, a link with its label. */
interface AccountEmailTemplate {
  subject: string;
  paragraphs: readonly string[];
  linkLabel?: string;
}

const GREETING = 'Dear {{name}},';
const VALIDITY =
  'It is valid for {{minutes}} minutes from your request. If you did not ask for it, ignore this e-mail: nothing changes without the code.';

/** The e-mail of a code, by purpose. */
export const CODE_EMAILS: Readonly<Record<CodePurpose, AccountEmailTemplate>> = {
  register: {
    subject: 'Your EcoPermit registration code',
    paragraphs: [GREETING, 'Your code to confirm your registration on the EcoPermit portal: {{code}}', VALIDITY],
  },
  reset: {
    subject: 'Your EcoPermit password reset code',
    paragraphs: [GREETING, 'Your code to set a new password on the EcoPermit portal: {{code}}', VALIDITY],
  },
};

/**
 * The notice to the owner of an e-mail or phone that someone tried to register it again: the
 * registration's answer says nothing, so nobody learns who is registered, and the owner is told here.
 */
export const ACCOUNT_EXISTS_EMAIL: AccountEmailTemplate = {
  subject: 'Someone tried to register your EcoPermit account again',
  paragraphs: [
    GREETING,
    'Someone tried to register a new EcoPermit account with your e-mail address or phone number, which already has an account.',
    'If it was you, sign in, or use "Forgot password?" on the sign-in page to set a new password. If it was not you, you can ignore this e-mail: your account has not changed.',
  ],
  linkLabel: 'Sign in',
};

/**
 * The confirmation that the applicant closed their account (docs/security.md#closing-an-account): what
 * went and what the authority keeps, so the person has it in writing.
 */
export const ACCOUNT_CLOSED_EMAIL: AccountEmailTemplate = {
  subject: 'Your EcoPermit account is closed',
  paragraphs: [
    GREETING,
    'As you asked, your EcoPermit account is closed. You can no longer sign in with it, and every session of it has ended.',
    'Your drafts and their files, your password, your phone number and your ID number have been deleted.',
    'The applications you submitted, their companies and the name and e-mail address they were submitted under are kept by the authority for as long as the law requires for each kind of application, then deleted.',
    'You can register again with the same e-mail address at any time. If you did not close your account, contact the authority.',
  ],
};

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

const fill = (template: string, values: Readonly<Record<string, string>>) =>
  template.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Writes an account e-mail in the language `translate` gives: each English text translated, then
 * filled with `values` (never translated: the applicant's name, the code). The HTML version holds the
 * same paragraphs, escaped, and the link as an anchor.
 */
export function writeAccountEmail(
  template: AccountEmailTemplate,
  values: Readonly<Record<string, string>>,
  translate: (english: string) => string,
  link?: string,
): WrittenEmail {
  const paragraphs = template.paragraphs.map((paragraph) => fill(translate(paragraph), values));
  const linkLabel = template.linkLabel && link ? translate(template.linkLabel) : null;
  const text = [...paragraphs, ...(linkLabel ? [`${linkLabel}: ${link}`] : [])].join('\n\n') + '\n';
  const html =
    '<!doctype html><html><body>' +
    paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('') +
    (linkLabel && link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p>` : '') +
    '</body></html>';
  return { subject: fill(translate(template.subject), values), text, html };
}

/** Every English text of the account e-mails, once each: the i18n check asks every language for them. */
export function accountMailTexts(): string[] {
  const texts = new Set<string>();
  for (const template of [...Object.values(CODE_EMAILS), ACCOUNT_EXISTS_EMAIL, ACCOUNT_CLOSED_EMAIL]) {
    texts.add(template.subject);
    for (const paragraph of template.paragraphs) texts.add(paragraph);
    if (template.linkLabel) texts.add(template.linkLabel);
  }
  return [...texts];
}

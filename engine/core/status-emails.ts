/**
 * The e-mails an application's moves send to its applicant, and how one is written. Every status's
 * e-mail is written in the lifecycle: the platform's (received, returned, approved, rejected) in its
 * base, services/platform/lifecycle.json, which every service includes; a service's own in
 * `lifecycle.statuses[].email`. A row of the transition table may send its own instead (`email`, or
 * `email: false` for none). One template gives the text version and the HTML version, in the
 * applicant's language (`translate` takes the English text of a template before its values are put
 * in, so a catalogue translates it once for every application).
 */
import type { LifecycleStatusFile, ServiceDefinition, StatusEmail, Transition } from './definition-types';

/** The closing lines of every such e-mail: why it came, and how to stop them. */
export const STATUS_EMAIL_FOOTER = {
  text: 'You receive this e-mail because you applied on the EcoPermit portal. You can turn off e-mails about your applications in your profile:',
  linkLabel: 'Your profile',
} as const;

/**
 * The e-mail an application of `definition` sends when it reaches `statusId`: the one its resolved
 * lifecycle gives that status (the platform's base or the service's own); undefined when that status
 * sends none.
 */
export function statusEmail(definition: ServiceDefinition | undefined, statusId: number): StatusEmail | undefined {
  return definition?.lifecycle?.allStatuses.find((status) => status.id === statusId)?.email;
}

/**
 * The e-mail taking `row` sends: the row's own when it declares one (`email: false`: none), the e-mail
 * of the status it reaches otherwise. Without a row (a status written by hand), the status's.
 */
export function moveEmail(
  definition: ServiceDefinition | undefined,
  statusId: number,
  row?: Pick<Transition, 'email'>,
): StatusEmail | undefined {
  if (row?.email === false) return undefined;
  return row?.email ?? statusEmail(definition, statusId);
}

/** The values a status e-mail is written with, the only placeholders its texts may hold. */
export const STATUS_EMAIL_VALUES = ['app_id', 'service', 'name', 'comment'] as const;

/** The values a status e-mail is written with; `comment` is empty or absent when the move has none. */
export interface StatusEmailValues {
  app_id: string;
  service: string;
  name: string;
  comment?: string | null;
}

/** The addresses a status e-mail's links lead to (absolute). */
export interface StatusEmailLinks {
  link: string;
  profile: string;
}

/** A status e-mail written out: its subject, text version and HTML version. */
export interface WrittenEmail {
  subject: string;
  text: string;
  html: string;
}

/** A value's place in an e-mail's text: `{name}`, as the definition format writes it. */
const PLACEHOLDER = /\{(\w+)\}/g;

function fill(template: string, values: StatusEmailValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = (values as unknown as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : whole;
  });
}

/** The placeholders a text of an e-mail names (`{app_id}` -> app_id), in order. */
export function emailPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
}

/** Whether a paragraph names the move's comment (it is left out when there is none). */
const namesComment = (paragraph: string) => paragraph.includes('{comment}');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Writes a status e-mail in the language `translate` gives: every English text of the template is
 * translated, then filled with `values` (a value is never translated: it is the applicant's or the
 * staff's). A paragraph naming `{comment}` is left out when there is no comment. The HTML version
 * holds the same paragraphs, escaped, with the links as anchors, and nothing else.
 */
export function writeStatusEmail(
  email: StatusEmail,
  values: StatusEmailValues,
  links: StatusEmailLinks,
  translate: (english: string) => string,
): WrittenEmail {
  const comment = values.comment?.trim() ? values.comment.trim() : '';
  const paragraphs = email.paragraphs
    .filter((paragraph) => comment !== '' || !namesComment(paragraph))
    .map((paragraph) => fill(translate(paragraph), { ...values, comment }));
  const linkLabel = translate(email.linkLabel);
  const footer = translate(STATUS_EMAIL_FOOTER.text);
  const footerLabel = translate(STATUS_EMAIL_FOOTER.linkLabel);
  const text = [...paragraphs, `${linkLabel}: ${links.link}`, '--', `${footer} ${links.profile}`].join('\n\n') + '\n';
  const anchor = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html =
    '<!doctype html><html><body>' +
    paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`).join('') +
    `<p>${anchor(links.link, linkLabel)}</p>` +
    `<hr><p><small>${escapeHtml(footer)} ${anchor(links.profile, footerLabel)}</small></p>` +
    '</body></html>';
  return { subject: fill(translate(email.subject), { ...values, comment }), text, html };
}

/**
 * Every English text of the e-mails `statuses` send, and of the footer every such e-mail closes with,
 * once each: given the platform's statuses, what the server's catalogues translate (the i18n check
 * asks every language for them).
 */
export function statusEmailTexts(statuses: ReadonlyArray<Pick<LifecycleStatusFile, 'email'>>): string[] {
  const texts = new Set<string>([STATUS_EMAIL_FOOTER.text, STATUS_EMAIL_FOOTER.linkLabel]);
  for (const { email } of statuses) {
    if (!email) continue;
    texts.add(email.subject);
    for (const paragraph of email.paragraphs) texts.add(paragraph);
    texts.add(email.linkLabel);
  }
  return [...texts];
}

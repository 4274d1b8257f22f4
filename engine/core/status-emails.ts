/**
 * The e-mails an application's status moves send to its applicant, and how one is written. The
 * platform's statuses have theirs here (received, returned, approved, rejected); a service's own
 * statuses declare theirs in `lifecycle.statuses[].email`. One template gives the text version and
 * the HTML version, in the applicant's language (`translate` takes the English text of a template
 * before its values are put in, so a catalogue translates it once for every application).
 */
import type { ServiceDefinition, StatusEmail } from './definition-types';
import { STATUS } from './status-presentation';

/** The platform's statuses that tell the applicant by e-mail, and what. */
export const PLATFORM_STATUS_EMAILS: Readonly<Record<number, StatusEmail>> = {
  [STATUS.submitted]: {
    subject: 'We received your application {{app_id}}',
    paragraphs: [
      'Dear {{name}},',
      'We received your application {{app_id}} for {{service}}.',
      'We will write to you when the authority decides on it. You can follow it in the portal at any time.',
    ],
    link: 'view',
    linkLabel: 'View your application',
  },
  [STATUS.returned]: {
    subject: 'Your application {{app_id}} needs changes',
    paragraphs: [
      'Dear {{name}},',
      'The authority returned your application {{app_id}} for {{service}} so that you can correct it.',
      "The authority's comment: {{comment}}",
      'Correct it and submit it again.',
    ],
    link: 'edit',
    linkLabel: 'Correct your application',
  },
  [STATUS.approved]: {
    subject: 'Your application {{app_id}} is approved',
    paragraphs: [
      'Dear {{name}},',
      'The authority approved your application {{app_id}} for {{service}}.',
      "The authority's comment: {{comment}}",
      'Your certificate is ready to download.',
    ],
    link: 'certificate',
    linkLabel: 'Download your certificate',
  },
  [STATUS.rejected]: {
    subject: 'Your application {{app_id}} was rejected',
    paragraphs: [
      'Dear {{name}},',
      'The authority rejected your application {{app_id}} for {{service}}.',
      "The authority's comment: {{comment}}",
    ],
    link: 'view',
    linkLabel: 'View your application',
  },
};

/** The closing lines of every such e-mail: why it came, and how to stop them. */
export const STATUS_EMAIL_FOOTER = {
  text: 'You receive this e-mail because you applied on the EcoPermit portal. You can turn off e-mails about your applications in your profile:',
  linkLabel: 'Your profile',
} as const;

/**
 * The e-mail an application of `definition` sends when it reaches `statusId`: the service's own for a
 * status of its lifecycle (its texts hold `{app_id}`, `{service}`, `{name}`, `{comment}`), the
 * platform's otherwise; undefined when that status sends none.
 */
export function statusEmail(definition: ServiceDefinition | undefined, statusId: number): StatusEmail | undefined {
  const own = definition?.lifecycle?.statuses?.find((status) => status.id === statusId);
  if (own) return own.email;
  return PLATFORM_STATUS_EMAILS[statusId];
}

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

/**
 * A value's place in an e-mail's text: `{name}` as the definition format writes it (a service's own
 * statuses), `{{name}}` as the server's catalogues write theirs (the platform's e-mails).
 */
const PLACEHOLDER = /\{\{(\w+)\}\}|\{(\w+)\}/g;

function fill(template: string, values: StatusEmailValues): string {
  return template.replace(PLACEHOLDER, (whole, doubled: string | undefined, single: string | undefined) => {
    const value = (values as unknown as Record<string, unknown>)[doubled ?? single ?? ''];
    return typeof value === 'string' ? value : whole;
  });
}

/** Whether a paragraph names the move's comment (it is left out when there is none). */
const namesComment = (paragraph: string) => paragraph.includes('{{comment}}') || paragraph.includes('{comment}');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Writes a status e-mail in the language `translate` gives: every English text of the template is
 * translated, then filled with `values` (a value is never translated: it is the applicant's or the
 * staff's). A paragraph naming `{{comment}}` is left out when there is no comment. The HTML version
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
 * Every English text of the platform's status e-mails, once each: the server's catalogues translate
 * them (the i18n check asks every language for them).
 */
export function platformStatusEmailTexts(): string[] {
  const texts = new Set<string>([STATUS_EMAIL_FOOTER.text, STATUS_EMAIL_FOOTER.linkLabel]);
  for (const email of Object.values(PLATFORM_STATUS_EMAILS)) {
    texts.add(email.subject);
    for (const paragraph of email.paragraphs) texts.add(paragraph);
    texts.add(email.linkLabel);
  }
  return [...texts];
}

/**
 * The README.txt of the applicant's archive of their own data: what each file of it is, in the
 * applicant's language. The texts are English here and translated by the server's catalogues
 * (server/i18n/<lang>.json), as the e-mails are; `archiveReadmeTexts` lists them for the i18n check.
 */

/** The README's title, then one paragraph per file or folder of the archive. */
const README = {
  title: 'Your data held by the EcoPermit portal',
  intro: 'This archive holds what the EcoPermit portal keeps about you, as it was on {{date}}.',
  files: [
    'account.json: your account: your names, e-mail address, phone number, ID number, language and when the account was made. Your password is kept only in a form nobody can read back, and is not in this archive.',
    'companies.json: the companies you registered.',
    'reports.json: the quantities of recycled plastic you reported.',
    'emails.json: the e-mails sent to you, or waiting to be sent: their subject, when they were made and sent, and whether they were sent.',
    'applications/<number>/application.json: each of your applications: its answers, its status and its history as the portal shows them to you.',
    'applications/<number>/documents/: the files you uploaded for it, and the certificates and decisions you can download.',
  ],
} as const;

/** The README's text in the language `translate` gives, dated `date` (YYYY-MM-DD). */
export function archiveReadme(translate: (english: string) => string, date: string): string {
  const intro = translate(README.intro).split('{{date}}').join(date);
  const title = translate(README.title);
  return [
    title,
    '='.repeat(title.length),
    '',
    intro,
    '',
    ...README.files.map((text) => `- ${translate(text)}`),
    '',
  ].join('\r\n');
}

/** Every English text of the README, once each: the server's catalogues translate them. */
export function archiveReadmeTexts(): string[] {
  return [README.title, README.intro, ...README.files];
}

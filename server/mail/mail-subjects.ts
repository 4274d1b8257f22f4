/**
 * The subject of a queued e-mail, written again from its row: the queue keeps what a message is written
 * from, not the written message (it is written when sent), so the applicant's archive of their own data
 * (server/own-data/) names each e-mail by the subject it was (or will be) sent with, in one language.
 */
import { writeStatusEmail } from '../../engine/core';
import { definitionOfStored, type Services } from '../applications-store';
import { ACCOUNT_CLOSED_EMAIL, ACCOUNT_EXISTS_EMAIL, CODE_EMAILS, writeAccountEmail } from './account-mail-texts';
import { CODE_EMAIL_KIND, NOTICE_EMAIL_KIND, type CodeParams, type NoticeParams } from './account-mail';
import { emailOfMove, STATUS_EMAIL_KIND, type StatusEmailParams } from './mail-queue';

/** A queued message as its subject is written from, with its application (null: a code or a notice). */
export interface QueuedSubjectSource {
  kind: string;
  params: string;
  first_name: string;
  application: {
    app_id: string;
    service_id: number;
    status_id: number;
    definition_version: number;
  } | null;
}

/**
 * The subject of `message` in the language `translate` writes, or null when no e-mail is written from
 * it any more (an unknown kind, a status whose e-mail the definition dropped).
 */
export function queuedMailSubject(
  services: Services,
  message: QueuedSubjectSource,
  translate: (english: string) => string,
  serviceTitle: (english: string) => string,
): string | null {
  const name = { name: message.first_name };
  if (message.kind === CODE_EMAIL_KIND) {
    const { purpose } = JSON.parse(message.params) as Pick<CodeParams, 'purpose'>;
    const template = CODE_EMAILS[purpose];
    return template ? writeAccountEmail(template, name, translate).subject : null;
  }
  if (message.kind === NOTICE_EMAIL_KIND) {
    const { purpose } = JSON.parse(message.params) as Pick<NoticeParams, 'purpose'>;
    return writeAccountEmail(
      purpose === 'account-closed' ? ACCOUNT_CLOSED_EMAIL : ACCOUNT_EXISTS_EMAIL,
      name,
      translate,
    ).subject;
  }
  if (message.kind !== STATUS_EMAIL_KIND || !message.application) return null;
  const params = JSON.parse(message.params) as StatusEmailParams;
  const definition = definitionOfStored(services, message.application);
  const email = emailOfMove(definition, params);
  if (!definition || !email) return null;
  return writeStatusEmail(
    email,
    {
      app_id: message.application.app_id,
      service: serviceTitle(definition.title),
      name: message.first_name,
      comment: params.comment,
    },
    { link: '', profile: '' },
    translate,
  ).subject;
}

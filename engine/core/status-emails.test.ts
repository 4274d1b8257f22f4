import { describe, expect, it } from 'vitest';
import type { ServiceDefinition, StatusEmail } from './definition-types';
import { STATUS } from './status-presentation';
import { PLATFORM_STATUS_EMAILS, platformStatusEmailTexts, statusEmail, writeStatusEmail } from './status-emails';

const links = { link: 'https://portal.example/view-application?appId=7', profile: 'https://portal.example/profile' };
const values = { app_id: 'EP-2026-000007', service: 'Plastics & co', name: 'Alice' };

describe('status e-mails', () => {
  it("takes a service's own status e-mail, else the platform's, and none for a status that tells nothing", () => {
    const own: StatusEmail = { subject: 'ToR {{app_id}}', paragraphs: ['Done.'], link: 'view', linkLabel: 'Open' };
    const definition = {
      lifecycle: {
        statuses: [
          { id: 17, label: 'ToR', colour: 'info', next: '', staffMoves: [], email: own },
          { id: 18, label: 'Quiet', colour: 'info', next: '', staffMoves: [] },
        ],
      },
    } as unknown as ServiceDefinition;
    expect(statusEmail(definition, 17)).toBe(own);
    expect(statusEmail(definition, 18)).toBeUndefined();
    expect(statusEmail(definition, STATUS.rejected)).toBe(PLATFORM_STATUS_EMAILS[STATUS.rejected]);
    expect(statusEmail(undefined, STATUS.submitted)).toBe(PLATFORM_STATUS_EMAILS[STATUS.submitted]);
    expect(statusEmail(undefined, 3)).toBeUndefined();
  });

  it('writes text and HTML from one template, leaving out the comment paragraph when there is none', () => {
    const email = PLATFORM_STATUS_EMAILS[STATUS.rejected] as StatusEmail;
    const without = writeStatusEmail(email, values, links, (text) => text);
    expect(without.subject).toBe('Your application EP-2026-000007 was rejected');
    expect(without.text).not.toContain('comment');
    expect(without.text).toContain(`View your application: ${links.link}`);
    const withComment = writeStatusEmail(email, { ...values, comment: 'Use <the> form' }, links, (text) => text);
    expect(withComment.text).toContain("The authority's comment: Use <the> form");
    expect(withComment.html).toContain('Use &lt;the&gt; form');
    expect(withComment.html).toContain('for Plastics &amp; co.');
    expect(withComment.html).toContain(`<a href="${links.link}">View your application</a>`);
    expect(withComment.html).toContain(`<a href="${links.profile}">Your profile</a>`);
  });

  it('translates the template before putting the values in, and never translates a value', () => {
    const catalogue: Record<string, string> = {
      'Your application {{app_id}} was rejected': 'Ihr Antrag {{app_id}} wurde abgelehnt',
      '{{name}}': 'translated name',
    };
    const written = writeStatusEmail(
      PLATFORM_STATUS_EMAILS[STATUS.rejected] as StatusEmail,
      { ...values, name: '{{name}}' },
      links,
      (text) => catalogue[text] ?? text,
    );
    expect(written.subject).toBe('Ihr Antrag EP-2026-000007 wurde abgelehnt');
    expect(written.text).toContain('Dear {{name}},');
  });

  it('lists every text of the platform e-mails once', () => {
    const texts = platformStatusEmailTexts();
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts).toContain('Your application {{app_id}} is approved');
  });
});

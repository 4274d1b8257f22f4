import { describe, expect, it } from 'vitest';
import type { LifecycleFile, ServiceDefinition, StatusEmail } from './definition-types';
import { STATUS } from './status-presentation';
import { moveEmail, statusEmail, statusEmailTexts, writeStatusEmail } from './status-emails';
import { PLATFORM_LIFECYCLE, testDefinition } from './test-definition';
import { resolveLifecycle, transitionAt } from './transitions';

const links = { link: 'https://portal.example/view-application?appId=7', profile: 'https://portal.example/profile' };
const values = { app_id: 'EP-2026-000007', service: 'Plastics & co', name: 'Alice' };
const platform = testDefinition();
const rejected = statusEmail(platform, STATUS.rejected) as StatusEmail;

/** A definition whose lifecycle includes `base` instead of the platform's own. */
function withBase(base: LifecycleFile, own: Omit<LifecycleFile, 'includes'> = {}): ServiceDefinition {
  const lifecycle = resolveLifecycle({ includes: [base], ...own }, 'sample/service.json', (file, pointer, message) => {
    throw new Error(`${file}#${pointer}: ${message}`);
  });
  return { ...platform, lifecycle };
}

describe('status e-mails', () => {
  it("takes the e-mail of the lifecycle's status: the platform base's, a service's own, none for a quiet one", () => {
    const own: StatusEmail = { subject: 'ToR {app_id}', paragraphs: ['Done.'], link: 'view', linkLabel: 'Open' };
    const definition = testDefinition({
      lifecycle: {
        statuses: [
          { key: 'tor', id: 17, label: 'ToR', colour: 'info', next: 'Wait.', email: own },
          { key: 'quiet', id: 18, label: 'Quiet', colour: 'info', next: 'Wait.' },
        ],
      },
    });
    expect(statusEmail(definition, 17)).toBe(own);
    expect(statusEmail(definition, 18)).toBeUndefined();
    expect(statusEmail(definition, STATUS.submitted)?.subject).toBe('We received your application {app_id}');
    expect(statusEmail(definition, STATUS.returned)?.link).toBe('edit');
    expect(statusEmail(definition, STATUS.approved)?.link).toBe('certificate');
    expect(rejected.subject).toBe('Your application {app_id} was rejected');
    expect(statusEmail(definition, 3)).toBeUndefined();
    // Without a definition there is no lifecycle, so no e-mail: nothing is written in code.
    expect(statusEmail(undefined, STATUS.submitted)).toBeUndefined();
  });

  it('reads the platform e-mails from the base the lifecycle includes, not from code', () => {
    const received: StatusEmail = {
      subject: 'Booked in: {app_id}',
      paragraphs: ['Hello {name}.'],
      link: 'view',
      linkLabel: 'See it',
    };
    const base = structuredClone(PLATFORM_LIFECYCLE);
    base.statuses = base.statuses?.map((status) =>
      status.key === 'submitted' ? { ...status, email: received } : status,
    );
    expect(statusEmail(withBase(base), STATUS.submitted)).toEqual(received);
  });

  it("sends the row's e-mail over its status's, none for `email: false`, the status's when the row says nothing", () => {
    const quietly: StatusEmail = {
      subject: 'Quietly {app_id}',
      paragraphs: ['Done.'],
      link: 'view',
      linkLabel: 'Open',
    };
    const definition = testDefinition({
      lifecycle: {
        transitions: [
          { name: 'reject-quietly', from: ['submitted'], to: 'rejected', by: 'staff', via: 'action', email: false },
          { name: 'approve-quietly', from: ['submitted'], to: 'approved', by: 'staff', via: 'action', email: quietly },
        ],
      },
    });
    const silent = transitionAt(definition, 'reject-quietly', STATUS.submitted);
    const own = transitionAt(definition, 'approve-quietly', STATUS.submitted);
    const plain = transitionAt(definition, 'reject', STATUS.submitted);
    expect(silent && moveEmail(definition, STATUS.rejected, silent)).toBeUndefined();
    expect(own && moveEmail(definition, STATUS.approved, own)).toBe(quietly);
    expect(plain && moveEmail(definition, STATUS.rejected, plain)).toBe(rejected);
    expect(moveEmail(definition, STATUS.rejected)).toBe(rejected);
  });

  it('writes text and HTML from one template, leaving out the comment paragraph when there is none', () => {
    const without = writeStatusEmail(rejected, values, links, (text) => text);
    expect(without.subject).toBe('Your application EP-2026-000007 was rejected');
    expect(without.text).not.toContain('comment');
    expect(without.text).toContain(`View your application: ${links.link}`);
    const withComment = writeStatusEmail(rejected, { ...values, comment: 'Use <the> form' }, links, (text) => text);
    expect(withComment.text).toContain("The authority's comment: Use <the> form");
    expect(withComment.html).toContain('Use &lt;the&gt; form');
    expect(withComment.html).toContain('for Plastics &amp; co.');
    expect(withComment.html).toContain(`<a href="${links.link}">View your application</a>`);
    expect(withComment.html).toContain(`<a href="${links.profile}">Your profile</a>`);
  });

  it('translates the template before putting the values in, and never translates a value', () => {
    const catalogue: Record<string, string> = {
      'Your application {app_id} was rejected': 'Ihr Antrag {app_id} wurde abgelehnt',
      '{name}': 'translated name',
    };
    const written = writeStatusEmail(rejected, { ...values, name: '{name}' }, links, (text) => catalogue[text] ?? text);
    expect(written.subject).toBe('Ihr Antrag EP-2026-000007 wurde abgelehnt');
    expect(written.text).toContain('Dear {name},');
  });

  it('lists every text of the e-mails of some statuses once, with the footer', () => {
    const texts = statusEmailTexts(platform.lifecycle?.allStatuses ?? []);
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts).toContain('Your application {app_id} is approved');
    expect(texts).toContain('Your profile');
  });
});

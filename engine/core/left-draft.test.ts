import { describe, expect, it } from 'vitest';
import { draftText, leftDraftKey, leftDraftOutcome, leftDraftText, readLeftDraft, textDigest } from './left-draft';

const saved = { answers: { description: 'Bags for' } };
const onItsWay = { answers: { description: 'Bags for the bakery' } };
const left = { answers: { description: 'Bags for the bakery, two sizes' } };

describe('answers left by a page', () => {
  it('are stored under the draft id with digests of the texts the server could hold', () => {
    expect(leftDraftKey(41)).toBe('ecopermit.leftDraft.41');
    const stored = readLeftDraft(leftDraftText({ answers: left, basis: [draftText(saved), draftText(onItsWay)] }));
    expect(stored).toEqual({ draft: left, basis: [textDigest(draftText(saved)), textDigest(draftText(onItsWay))] });
  });

  it('continue the draft when the server holds nothing newer than the page knew', () => {
    const stored = readLeftDraft(leftDraftText({ answers: left, basis: [draftText(saved), draftText(onItsWay)] }));
    if (!stored) throw new Error('not read');
    expect(leftDraftOutcome(stored, saved)).toBe('resume');
    // The save on its way when the page closed arrived; the last one did not.
    expect(leftDraftOutcome(stored, onItsWay)).toBe('resume');
    // The last one arrived too.
    expect(leftDraftOutcome(stored, left)).toBe('saved');
    // Saved since from elsewhere: the server's answers are newer.
    expect(leftDraftOutcome(stored, { answers: { description: 'Typed on the phone later' } })).toBe('superseded');
  });

  it('tell a form apart by its variant', () => {
    const stored = readLeftDraft(
      leftDraftText({ answers: { answers: {}, variant: 'import' }, basis: [draftText({ answers: {} })] }),
    );
    if (!stored) throw new Error('not read');
    expect(stored.draft).toEqual({ answers: {}, variant: 'import' });
    expect(leftDraftOutcome(stored, { answers: {} })).toBe('resume');
    expect(leftDraftOutcome(stored, { answers: {}, variant: 'import' })).toBe('saved');
  });

  it('are ignored when the stored value is not one', () => {
    for (const text of [null, '', 'not json', '{}', '{"draft":{"answers":1},"basis":[]}', '{"draft":{"answers":{}}}']) {
      expect(readLeftDraft(text)).toBeNull();
    }
  });

  it('have digests that tell texts apart', () => {
    expect(textDigest('abc')).toBe(textDigest('abc'));
    expect(textDigest('abc')).not.toBe(textDigest('abd'));
    expect(textDigest('')).toMatch(/^[0-9a-f]{8}-0$/);
  });
});

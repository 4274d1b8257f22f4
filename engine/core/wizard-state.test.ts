import { describe, expect, it } from 'vitest';
import {
  initialWizardState,
  isStepKey,
  reachableStep,
  submitFailure,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './wizard-state';

type S = WizardState<string>;
const run = (state: S, ...actions: WizardAction<string>[]): S => actions.reduce(wizardReducer<string>, state);
const ready = (): S => initialWizardState<string>();
const atConfirm = (): S =>
  run(
    ready(),
    { type: 'detailsAccepted', formData: { a: 1 } },
    { type: 'fileChosen', slot: 'Cert', file: 'cert.pdf' },
    { type: 'documentsChecked', missing: [] },
  );

describe('wizardReducer', () => {
  it('starts at step 1 with the data given (a returned application its record)', () => {
    expect(initialWizardState()).toMatchObject({
      step: 'details',
      formData: {},
      files: {},
      submit: { status: 'idle' },
    });
    expect(initialWizardState({ formData: { x: 1 } })).toMatchObject({ formData: { x: 1 }, step: 'details' });
  });

  it('moves from details to documents with the accepted data, and back', () => {
    const s = run(ready(), { type: 'detailsAccepted', formData: { q: 2 } });
    expect(s.step).toBe('documents');
    expect(s.formData).toEqual({ q: 2 });
    expect(run(s, { type: 'previous' }).step).toBe('details');
    expect(run(ready(), { type: 'previous' }).step).toBe('details');
  });

  it('switches forms keeping what was typed in each, only on the details step', () => {
    const basel = run(ready(), { type: 'variantChosen', variant: 'basel', formData: {} });
    expect(basel).toMatchObject({ variant: 'basel', formData: {} });
    const rotterdam = run(basel, { type: 'variantChosen', variant: 'rotterdam', formData: { carrier: 'A' } });
    expect(rotterdam).toMatchObject({ variant: 'rotterdam', formData: {}, drafts: { basel: { carrier: 'A' } } });
    const back = run(rotterdam, { type: 'variantChosen', variant: 'basel', formData: { cas: '50-00-0' } });
    expect(back).toMatchObject({
      variant: 'basel',
      formData: { carrier: 'A' },
      drafts: { rotterdam: { cas: '50-00-0' } },
    });
    expect(run(back, { type: 'variantChosen', variant: 'basel', formData: { other: 1 } })).toBe(back);
    const documents = run(back, { type: 'detailsAccepted', formData: { carrier: 'B' } });
    expect(run(documents, { type: 'variantChosen', variant: 'rotterdam', formData: {} })).toBe(documents);
    expect(initialWizardState({ variant: 'basel', formData: { x: 1 } })).toMatchObject({ variant: 'basel' });
  });

  it('stays on documents while mandatory files are missing, then moves on', () => {
    const s = run(ready(), { type: 'detailsAccepted', formData: {} }, { type: 'documentsChecked', missing: ['Cert'] });
    expect(s.step).toBe('documents');
    expect(s.missing).toEqual(['Cert']);
    const chosen = run(s, { type: 'fileChosen', slot: 'Cert', file: 'c.pdf' });
    expect(chosen.missing).toEqual([]);
    expect(run(chosen, { type: 'documentsChecked', missing: [] }).step).toBe('confirm');
  });

  it('refuses and removes files', () => {
    let s = run(ready(), { type: 'fileRefused', slot: 'Cert', fileName: 'x.exe' });
    expect(s.refused).toEqual({ Cert: 'x.exe' });
    s = run(s, { type: 'fileChosen', slot: 'Cert', file: 'c.pdf' });
    expect(s.refused).toEqual({});
    expect(run(s, { type: 'fileRemoved', slot: 'Cert' }).files).toEqual({});
  });

  it('runs the submit: working, progress, failure keeps everything and allows a retry', () => {
    let s = run(atConfirm(), { type: 'submitStarted' });
    expect(s.submit.status).toBe('working');
    expect(run(s, { type: 'previous' }).step).toBe('confirm');
    expect(run(s, { type: 'fileRemoved', slot: 'Cert' }).files).toEqual({ Cert: 'cert.pdf' });
    s = run(s, { type: 'callDone', name: 'save' }, { type: 'uploadProgress', slot: 'Cert', percent: 140 });
    expect(s.submit.progress).toEqual({ Cert: 100 });
    s = run(s, { type: 'submitFailed', error: 'boom', stage: 'call', code: 422 });
    expect(s.submit).toMatchObject({ status: 'failed', error: 'boom', failure: 'call', completedCalls: ['save'] });
    expect(s.formData).toEqual({ a: 1 });
    expect(s.files).toEqual({ Cert: 'cert.pdf' });
    s = run(s, { type: 'submitStarted' }, { type: 'uploadDone', slot: 'Cert' }, { type: 'submitSucceeded' });
    expect(s.submit).toMatchObject({ status: 'done', error: null, failure: null, uploaded: ['Cert'] });
  });

  it('names what failed: a refused call by its stage, a server that did not answer, an upload', () => {
    expect(submitFailure('save', 422)).toBe('save');
    expect(submitFailure('call', 409)).toBe('call');
    for (const code of [0, 408, 500, 503]) expect(submitFailure('save', code)).toBe('unavailable');
    expect(submitFailure('upload', 500)).toBe('upload');
    expect(submitFailure('upload', 413)).toBe('upload');
  });

  it('forgets completed calls when the details are accepted again, and a new file is uploaded again', () => {
    let s = run(
      atConfirm(),
      { type: 'submitStarted' },
      { type: 'callDone', name: 'save' },
      { type: 'uploadDone', slot: 'Cert' },
      { type: 'submitFailed', error: 'x', stage: 'upload', code: 500 },
    );
    s = run(s, { type: 'fileChosen', slot: 'Cert', file: 'new.pdf' });
    expect(s.submit.uploaded).toEqual([]);
    s = run(s, { type: 'previous' }, { type: 'previous' }, { type: 'detailsAccepted', formData: { a: 2 } });
    expect(s.submit.completedCalls).toEqual([]);
  });

  it('does not submit before the confirm step', () => {
    expect(run(ready(), { type: 'submitStarted' }).submit.status).toBe('idle');
    const atDocuments = run(ready(), { type: 'detailsAccepted', formData: {} }, { type: 'submitStarted' });
    expect(atDocuments.submit.status).toBe('idle');
  });
});

describe('a continued draft', () => {
  it('reads a step of an address only when it is one', () => {
    expect(['details', 'documents', 'confirm'].every(isStepKey)).toBe(true);
    for (const other of ['', 'Details', 'done', undefined, null, 2, 'toString']) expect(isStepKey(other)).toBe(false);
  });

  it('opens at the step it was left at, never past what its answers and files reach', () => {
    const complete = { detailsComplete: true, documentsComplete: true };
    expect(reachableStep('details', complete)).toBe('details');
    expect(reachableStep('documents', complete)).toBe('documents');
    expect(reachableStep('confirm', complete)).toBe('confirm');
    expect(reachableStep('confirm', { detailsComplete: true, documentsComplete: false })).toBe('documents');
    expect(reachableStep('confirm', { detailsComplete: false, documentsComplete: true })).toBe('details');
    expect(reachableStep('documents', { detailsComplete: false, documentsComplete: false })).toBe('details');
  });

  it('moves to its step only from the start', () => {
    expect(run(ready(), { type: 'resumedAt', step: 'confirm' }).step).toBe('confirm');
    expect(run(atConfirm(), { type: 'previous' }, { type: 'resumedAt', step: 'confirm' }).step).toBe('documents');
    const working = run(atConfirm(), { type: 'submitStarted' });
    expect(run({ ...working, step: 'details' }, { type: 'resumedAt', step: 'documents' }).step).toBe('details');
  });
});

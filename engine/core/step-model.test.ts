import { describe, expect, it } from 'vitest';
import { modeFromLocation, stepView, WIZARD_STEPS } from './step-model';

describe('step model', () => {
  it('has the three steps of the spec', () => {
    expect(WIZARD_STEPS.map((s) => s.title)).toEqual(['Application Details', 'Document Uploads', 'Confirm Detail']);
  });
  it('validates on Next at step 1 and collects files at step 2', () => {
    expect(stepView(0, 'create')).toMatchObject({
      key: 'details',
      showPrevious: false,
      showNext: true,
      showSubmit: false,
      validateOnNext: true,
    });
    expect(stepView(1, 'create')).toMatchObject({
      key: 'documents',
      showPrevious: true,
      collectFilesOnNext: true,
      validateOnNext: false,
    });
    expect(stepView(2, 'edit')).toMatchObject({ key: 'confirm', showNext: false, showSubmit: true, readOnly: false });
  });
  it('is read-only without submit in view mode', () => {
    expect(stepView(2, 'view')).toMatchObject({ showSubmit: false, readOnly: true, validateOnNext: false });
    expect(stepView(0, 'view').validateOnNext).toBe(false);
  });
  it('clamps the index', () => {
    expect(stepView(9, 'create').index).toBe(2);
    expect(stepView(-1, 'create').index).toBe(0);
    expect(stepView(Number.NaN, 'create').index).toBe(0);
  });
  it('reads the mode from the address', () => {
    expect(modeFromLocation('/view-application', '?appId=12')).toEqual({ mode: 'view', applicationId: 12 });
    expect(modeFromLocation('/edit-application', '?appId=3')).toEqual({ mode: 'edit', applicationId: 3 });
    expect(modeFromLocation('/edit-license-application', '?=7')).toEqual({ mode: 'edit', applicationId: 7 });
    expect(modeFromLocation('/auth-plastics-apply', '')).toEqual({ mode: 'create', applicationId: null });
    expect(modeFromLocation('/view-application', '?appId=abc')).toEqual({ mode: 'create', applicationId: null });
  });
});

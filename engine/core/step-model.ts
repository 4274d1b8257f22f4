/**
 * The three wizard steps (spec 01 section 2) and what each shows in each mode, as plain data so the
 * wizard component stays a thin renderer.
 */

export type StepKey = 'details' | 'documents' | 'confirm';

export const WIZARD_STEPS: ReadonlyArray<{ key: StepKey; title: string }> = [
  { key: 'details', title: 'Application Details' },
  { key: 'documents', title: 'Document Uploads' },
  { key: 'confirm', title: 'Confirm Detail' },
];

/**
 * `create`: a new application (draft created on opening); `edit`: a returned application (status 7);
 * `view`: any other existing application, read-only.
 */
export type WizardMode = 'create' | 'edit' | 'view';

export interface StepView {
  index: number;
  key: StepKey;
  title: string;
  showPrevious: boolean;
  showNext: boolean;
  showSubmit: boolean;
  /** Fields disabled. */
  readOnly: boolean;
  /** Next validates the form first and moves on only when it is valid (step 1, editable modes). */
  validateOnNext: boolean;
  /** Next collects the chosen files first (step 2). */
  collectFilesOnNext: boolean;
}

/** What the wizard shows at `stepIndex` (clamped to the steps) in `mode`. */
export function stepView(stepIndex: number, mode: WizardMode): StepView {
  const last = WIZARD_STEPS.length - 1;
  const index = Math.min(Math.max(Math.trunc(Number.isFinite(stepIndex) ? stepIndex : 0), 0), last);
  const step = WIZARD_STEPS[index] ?? { key: 'details' as const, title: 'Application Details' };
  const editable = mode !== 'view';
  return {
    index,
    key: step.key,
    title: step.title,
    showPrevious: index > 0,
    showNext: index < last,
    showSubmit: index === last && editable,
    readOnly: !editable,
    validateOnNext: editable && step.key === 'details',
    collectFilesOnNext: editable && step.key === 'documents',
  };
}

/**
 * Mode signalled by the address (spec 01 section 2): a path containing `edit-application` or
 * `view-application` with the id in the query (`?appId=12`, or any `=12`); otherwise a new one.
 * A viewed application at status 7 is edited: the caller upgrades `view` with `presentStatus`.
 */
export function modeFromLocation(pathname: string, search: string): { mode: WizardMode; applicationId: number | null } {
  const params = new URLSearchParams(search);
  const raw = params.get('appId') ?? params.get('id') ?? search.split('=')[1] ?? null;
  const id = raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : null;
  if (id !== null && /edit-(?:[a-z]+-)*application/.test(pathname)) return { mode: 'edit', applicationId: id };
  if (id !== null && pathname.includes('view-application')) return { mode: 'view', applicationId: id };
  return { mode: 'create', applicationId: null };
}

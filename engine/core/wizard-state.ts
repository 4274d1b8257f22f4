/**
 * The wizard's one state model, kept pure so every transition is a unit test: the three steps
 * (spec 01 section 2), chosen files, and the submit pipeline. The submit remembers which calls and uploads
 * already succeeded, so a retry after a failure does not save twice or upload a file again; going
 * back to step 1 and accepting the details again forgets the calls (the data may have changed).
 */

/** The steps of every wizard, in order (spec 01 section 2: details, document uploads, confirm). */
export const WIZARD_STEPS = [
  { key: 'details', title: 'Application Details' },
  { key: 'documents', title: 'Document Uploads' },
  { key: 'confirm', title: 'Confirm Detail' },
] as const;

export type StepKey = (typeof WIZARD_STEPS)[number]['key'];

/** The step before `step` (the first has none: itself). */
export function stepBefore(step: StepKey): StepKey {
  const index = WIZARD_STEPS.findIndex((candidate) => candidate.key === step);
  return WIZARD_STEPS[Math.max(0, index - 1)]?.key ?? step;
}

/** True when `value` is the key of a step (a step named in an address, which anyone may type). */
export function isStepKey(value: unknown): value is StepKey {
  return WIZARD_STEPS.some((step) => step.key === value);
}

/** How far a continued draft's answers and files reach. */
export interface DraftReach {
  /** Its answers pass the form's validation (step 1 would be accepted). */
  detailsComplete: boolean;
  /** Every mandatory document has its file (step 2 would be accepted). */
  documentsComplete: boolean;
}

/**
 * The step a continued draft opens at: the one it was left at (`wanted`, from the address), but never
 * past what its answers and files reach, since an address can name any step: the documents need
 * complete details, the confirmation every mandatory file too.
 */
export function reachableStep(wanted: StepKey, reach: DraftReach): StepKey {
  if (wanted === 'details' || !reach.detailsComplete) return 'details';
  if (wanted === 'documents' || !reach.documentsComplete) return 'documents';
  return 'confirm';
}

/** The position of a step, 0 for the first (for the progress bar). */
export function stepIndex(step: StepKey): number {
  return WIZARD_STEPS.findIndex((candidate) => candidate.key === step);
}

export type SubmitStatus = 'idle' | 'working' | 'failed' | 'done';

/** The part of the submit pipeline that failed: a file upload, the call saving the record, another call. */
export type SubmitStage = 'upload' | 'save' | 'call';

/** What failed, as a definition's `wizard.failures` titles it. */
export type SubmitFailure = SubmitStage | 'unavailable';

/**
 * What a failure of a stage answering `code` was: a call the server could not answer (no answer,
 * a timeout, a 5xx) is `unavailable`, a refusal is its stage. An upload stays an upload whatever
 * the code: the files are what the applicant checks.
 */
export function submitFailure(stage: SubmitStage, code: number): SubmitFailure {
  if (stage === 'upload') return 'upload';
  return code === 0 || code === 408 || code >= 500 ? 'unavailable' : stage;
}

export interface WizardState<F = unknown> {
  /** The step shown, by key (WIZARD_STEPS). */
  step: StepKey;
  /** The form chosen, for a service with several (its variant key); undefined until chosen. */
  variant?: string;
  formData: Record<string, unknown>;
  /** Data typed in the other forms (variant key -> data), given back when the applicant returns to one. */
  drafts: Record<string, Record<string, unknown>>;
  /** Chosen file per upload slot name. */
  files: Record<string, F>;
  /** Slots refused by the last Next on step 2 because a mandatory file is missing. */
  missing: string[];
  /** Slot name -> name of a file refused for its type. */
  refused: Record<string, string>;
  submit: {
    status: SubmitStatus;
    error: string | null;
    /** What failed, when the status is 'failed'. */
    failure: SubmitFailure | null;
    completedCalls: string[];
    uploaded: string[];
    /** Upload progress per slot, 0..100. */
    progress: Record<string, number>;
  };
}

export type WizardAction<F = unknown> =
  | { type: 'variantChosen'; variant: string; formData: Record<string, unknown> }
  | { type: 'detailsAccepted'; formData: Record<string, unknown> }
  /** A continued draft opens at the step it was left at (`reachableStep`), before anything else happened. */
  | { type: 'resumedAt'; step: StepKey }
  | { type: 'documentsChecked'; missing: string[] }
  | { type: 'previous' }
  | { type: 'fileChosen'; slot: string; file: F }
  | { type: 'fileRefused'; slot: string; fileName: string }
  | { type: 'fileRemoved'; slot: string }
  | { type: 'submitStarted' }
  | { type: 'callDone'; name: string }
  | { type: 'uploadProgress'; slot: string; percent: number }
  | { type: 'uploadDone'; slot: string }
  | { type: 'submitFailed'; error: string; stage: SubmitStage; code: number }
  | { type: 'submitSucceeded' };

/**
 * The state at step 1 with the given data (a new application's is empty, a returned one's its record)
 * and form (a returned application's variant is fixed).
 */
export function initialWizardState<F = unknown>(
  start: { formData?: Record<string, unknown>; variant?: string } = {},
): WizardState<F> {
  return {
    step: 'details',
    ...(start.variant !== undefined ? { variant: start.variant } : {}),
    formData: start.formData ?? {},
    drafts: {},
    files: {},
    missing: [],
    refused: {},
    submit: { status: 'idle', error: null, failure: null, completedCalls: [], uploaded: [], progress: {} },
  };
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const copy = { ...record };
  delete copy[key];
  return copy;
}

export function wizardReducer<F>(state: WizardState<F>, action: WizardAction<F>): WizardState<F> {
  const working = state.submit.status === 'working';
  switch (action.type) {
    case 'variantChosen': {
      if (state.step !== 'details' || working || action.variant === state.variant) return state;
      const drafts = state.variant === undefined ? state.drafts : { ...state.drafts, [state.variant]: action.formData };
      return {
        ...state,
        variant: action.variant,
        formData: drafts[action.variant] ?? {},
        drafts: without(drafts, action.variant),
        missing: [],
      };
    }
    case 'resumedAt':
      if (state.step !== 'details' || state.submit.status !== 'idle') return state;
      return { ...state, step: action.step };
    case 'detailsAccepted':
      if (state.step !== 'details' || working) return state;
      return {
        ...state,
        step: 'documents',
        formData: action.formData,
        submit: {
          ...state.submit,
          completedCalls: [],
          status: state.submit.status === 'done' ? 'done' : 'idle',
          error: null,
        },
      };
    case 'documentsChecked':
      if (state.step !== 'documents' || working) return state;
      return action.missing.length > 0
        ? { ...state, missing: action.missing }
        : { ...state, missing: [], step: 'confirm' };
    case 'previous':
      if (state.step === 'details' || working) return state;
      return { ...state, step: stepBefore(state.step), submit: { ...state.submit, error: null, status: 'idle' } };
    case 'fileChosen':
      if (working) return state;
      return {
        ...state,
        files: { ...state.files, [action.slot]: action.file },
        missing: state.missing.filter((slot) => slot !== action.slot),
        refused: without(state.refused, action.slot),
        submit: {
          ...state.submit,
          uploaded: state.submit.uploaded.filter((slot) => slot !== action.slot),
          progress: without(state.submit.progress, action.slot),
        },
      };
    case 'fileRefused':
      return { ...state, refused: { ...state.refused, [action.slot]: action.fileName } };
    case 'fileRemoved':
      if (working) return state;
      return {
        ...state,
        files: without(state.files, action.slot),
        refused: without(state.refused, action.slot),
        submit: {
          ...state.submit,
          uploaded: state.submit.uploaded.filter((slot) => slot !== action.slot),
          progress: without(state.submit.progress, action.slot),
        },
      };
    case 'submitStarted':
      if (working || state.step !== 'confirm') return state;
      return { ...state, submit: { ...state.submit, status: 'working', error: null } };
    case 'callDone':
      return state.submit.completedCalls.includes(action.name)
        ? state
        : { ...state, submit: { ...state.submit, completedCalls: [...state.submit.completedCalls, action.name] } };
    case 'uploadProgress':
      return {
        ...state,
        submit: {
          ...state.submit,
          progress: { ...state.submit.progress, [action.slot]: Math.max(0, Math.min(100, action.percent)) },
        },
      };
    case 'uploadDone':
      return {
        ...state,
        submit: {
          ...state.submit,
          uploaded: state.submit.uploaded.includes(action.slot)
            ? state.submit.uploaded
            : [...state.submit.uploaded, action.slot],
          progress: { ...state.submit.progress, [action.slot]: 100 },
        },
      };
    case 'submitFailed':
      return {
        ...state,
        submit: {
          ...state.submit,
          status: 'failed',
          error: action.error,
          failure: submitFailure(action.stage, action.code),
        },
      };
    case 'submitSucceeded':
      return { ...state, submit: { ...state.submit, status: 'done', error: null, failure: null } };
    default:
      return state;
  }
}

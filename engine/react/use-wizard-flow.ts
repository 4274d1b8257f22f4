/**
 * What the wizard's view shows, worked out from its props and its controller: the controller itself
 * (made once, with the draft a page left behind), its state, the form shown, the files the
 * application holds, the documents asked for, and whether a continued draft is still being placed.
 */
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { missingUploads } from '../core/required-documents';
import { formsOf, variantOf } from '../core/service-forms';
import type { DraftReach } from '../core/wizard-state';
import { useBackend } from './backend-context';
import { chosenFile } from './chosen-file';
import type { Slot } from './documents-step';
import { useLeftDraft } from './left-drafts';
import type { ServiceFormHandle } from './service-form';
import { useContinuedDraftStep } from './use-continued-draft-step';
import { useResumePoint } from './use-resume-point';
import { useServiceAttachments } from './use-service-attachments';
import { answersComplete } from './use-step-of-continued-draft';
import { useWizardController, useWizardSnapshot } from './use-wizard-controller';
import { useServiceValidator } from './validator';
import type { WizardFlowProps } from './wizard-flow';
import type { ApplicationAttachment } from './wizard-types';

/** No existing attachments: a new application (one array, so memoised steps do not re-render). */
export const NO_ATTACHMENTS: ApplicationAttachment[] = [];

export function useWizardFlow(props: WizardFlowProps) {
  const { definition, applicationId, initialData, existing, editing, resumed = false } = props;
  const backend = useBackend();
  // A new application and a continued draft are kept in their draft; a returned one is its record.
  const keepsDraft = props.saveDrafts === true && !editing;
  const saved = {
    answers: initialData,
    ...(props.initialVariant !== undefined ? { variant: props.initialVariant } : {}),
  };
  // A continued draft whose page was left with answers the server did not get starts from those.
  const left = useLeftDraft(keepsDraft && resumed && typeof applicationId !== 'object' ? applicationId : null, saved);
  const start = left ?? saved;
  const controller = useWizardController({
    backend,
    definition,
    clientId: props.clientId,
    target: applicationId,
    keepsDraft,
    start: { formData: start.answers, ...(start.variant !== undefined ? { variant: start.variant } : {}) },
    ...(resumed ? { saved, heldFiles: existing.flatMap((file) => (file.description ? [file.description] : [])) } : {}),
    ...(left ? { resume: left } : {}),
    holdsEdit: props.mode === 'edit',
    ...(props.onSubmitted ? { onSubmitted: props.onSubmitted } : {}),
    ...(props.upload ? { upload: props.upload } : {}),
  });
  const state = useWizardSnapshot(controller, (snapshot) => snapshot.state);
  const dropped = useWizardSnapshot(controller, (snapshot) => snapshot.dropped);
  const problems = useWizardSnapshot(controller, (snapshot) => snapshot.fileProblems);
  const draftNote = useMemo(
    () => ({ get: () => controller.getSnapshot().draft, subscribe: controller.subscribe }),
    [controller],
  );
  const formRef = useRef<ServiceFormHandle>(null);
  // The text a field still holds is handed to the form before each save.
  useEffect(() => controller.setCollector(() => formRef.current?.getData()), [controller]);

  // The files the application holds: a returned one's, or what a continued draft kept (less those
  // removed or replaced since).
  const held = useMemo(
    () =>
      editing
        ? existing
        : resumed
          ? existing.filter((file) => !file.description || !dropped.includes(file.description))
          : NO_ATTACHMENTS,
    [editing, resumed, existing, dropped],
  );
  const heldNames = held.flatMap((file) => (file.description ? [file.description] : []));
  // The form shown: the chosen variant's for a service with several (none until chosen), else the one;
  // until one is chosen, its conditions and documents are the first form's.
  const form = definition.variants ? variantOf(definition, state.variant) : definition;
  const activeForm = form ?? (formsOf(definition)[0] as typeof definition);
  const { shown, error: validatorError } = useServiceValidator(activeForm);
  const documents = useServiceAttachments({
    backend,
    service: definition,
    form: activeForm,
    formData: state.formData,
    shown,
  });

  const placing = useContinuedDraftStep(
    controller,
    resumed && !editing ? props.resumeStep : undefined,
    (): DraftReach | undefined => {
      // No form chosen, or none can be judged: step 1 is where the applicant can go on.
      if (!form || validatorError) return { detailsComplete: false, documentsComplete: false };
      if (!shown || documents.attachments.status === 'loading') return undefined;
      const satisfied: Record<string, unknown> = { ...state.files };
      for (const name of heldNames) satisfied[name] ??= true;
      return {
        detailsComplete: answersComplete(shown.validator, shown.definition.formSchema, state.formData),
        documentsComplete:
          documents.attachments.status === 'ready' && missingUploads(documents.slots, satisfied).length === 0,
      };
    },
  );
  useResumePoint({
    enabled: keepsDraft && !placing && state.submit.status !== 'done',
    target: applicationId,
    step: state.step,
    onResumePoint: props.onResumePoint,
  });
  // Names of list options seen on step 1 (field -> id -> name), for the confirm summary.
  const [optionNames, setOptionNames] = useState<Record<string, Record<string, string>>>({});
  const [rememberOptionNames] = useState(
    () => (field: string, names: Record<string, string>) =>
      setOptionNames((known) => ({ ...known, [field]: { ...known[field], ...names } })),
  );
  /** A file chosen for a document: kept (and sent to the draft), or refused for its type. */
  const choose = (slot: Slot, event: ChangeEvent<HTMLInputElement>) => {
    const chosen = chosenFile(slot, event);
    if (chosen && !chosen.accepted) controller.refuseFile(slot.name, chosen.file.name);
    else if (chosen) controller.chooseFile(slot.name, chosen.file);
  };
  const submit = () => {
    const parallel = activeForm.documents.parallelUploads === true;
    if (form) void controller.submit({ form, slots: documents.slots, parallel });
  };
  return {
    choose,
    submit,
    backend,
    controller,
    state,
    problems,
    draftNote,
    formRef,
    keepsDraft,
    held,
    heldNames,
    form,
    activeForm,
    shown,
    documents,
    placing,
    optionNames,
    rememberOptionNames,
  };
}

/**
 * A discreet line under the wizard's step saying whether the draft is saved, as it is: "Unsaved
 * changes" from the first key after a save, "Saving…" while a save is on its way, "Saved at hh:mm"
 * only when nothing typed since is unsaved. Announced politely to screen readers, never in the way. A
 * failed save is a small warning, not an error: the applicant goes on, and the save is tried again by
 * itself.
 *
 * The line subscribes to the saving's state itself, so a change of it re-renders this line only, not
 * the wizard or its form.
 */
import { useSyncExternalStore } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from './translation';
import type { DraftSaveState } from '../core/wizard-controller';

/** The note's state, to subscribe to: only the note re-renders when it changes, not the wizard. */
export interface DraftSaveStateSource {
  get(): DraftSaveState;
  subscribe(listener: () => void): () => void;
}

export function DraftSaveNote({ state }: { state: DraftSaveStateSource }) {
  const { t, i18n } = useTranslation();
  const { status, savedAt } = useSyncExternalStore(state.subscribe, state.get, state.get);
  const text =
    status === 'pending'
      ? t('wizard.draftUnsaved')
      : status === 'saving'
        ? t('wizard.draftSaving')
        : status === 'failed'
          ? t('wizard.draftNotSaved')
          : savedAt && status === 'saved'
            ? t('wizard.draftSaved', {
                time: savedAt.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' }),
              })
            : '';
  return (
    <Typography
      variant="caption"
      component="p"
      aria-live="polite"
      data-draft-status={status}
      sx={{ minHeight: '1.5em', mt: 1, color: status === 'failed' ? 'warning.dark' : 'text.secondary' }}
    >
      {text}
    </Typography>
  );
}

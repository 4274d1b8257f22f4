/**
 * A discreet line under the wizard's step saying whether the draft is saved: announced politely to
 * screen readers, never in the way. A failed save is a small warning, not an error: the applicant goes
 * on, and the next change tries again.
 */
import Typography from '@mui/material/Typography';
import type { DraftSaveStatus } from '../core/draft-saver';
import { useTranslation } from './translation';

export function DraftSaveNote({ status, savedAt }: { status: DraftSaveStatus; savedAt: Date | null }) {
  const { t, i18n } = useTranslation();
  const text =
    status === 'saving'
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

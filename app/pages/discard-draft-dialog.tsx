import { useId } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from '../../engine/react';

/**
 * The confirmation before a draft is discarded (see draft-offer.tsx), with why a discard failed. A
 * module of its own: the offer loads it when Discard is pointed at or used, so the dashboard's first
 * download carries no dialog.
 */
export function DiscardDraftDialog({
  open,
  busy,
  failure,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  busy: boolean;
  failure: string | null;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onKeep} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('drafts.discardTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('drafts.discardText')}</DialogContentText>
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} autoFocus>
          {t('drafts.keep')}
        </Button>
        <Button color="error" variant="contained" onClick={onDiscard} disabled={busy} aria-busy={busy}>
          {busy ? t('drafts.discarding') : t('drafts.discard')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

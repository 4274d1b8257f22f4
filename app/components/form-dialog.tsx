import type { FormEvent, ReactNode } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, type Breakpoint } from '@mui/material';
import { useTranslation } from '../../engine/react';
import { usePhoneLayout } from './use-phone-layout';

interface FormDialogProps {
  open: boolean;
  /** While busy the dialog cannot be closed and its buttons are disabled, so nothing typed is lost. */
  busy: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  /** Id of the title, for the dialog's accessible name. */
  titleId: string;
  title: ReactNode;
  submitLabel: ReactNode;
  maxWidth: Breakpoint;
  children: ReactNode;
}

/** A dialog holding one form (Add/Edit Company, Add Entry): title, fields, Cancel and submit; full screen on phones. */
export function FormDialog(props: FormDialogProps) {
  const { open, busy, onClose, onSubmit, titleId, title, submitLabel, maxWidth, children } = props;
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

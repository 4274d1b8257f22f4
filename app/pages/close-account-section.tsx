import { useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { SERVER_ERROR_MESSAGE } from '../../engine/core';
import { TextInput, useApiMutation, useTranslation } from '../../engine/react';
import type { StoredUser } from '../auth/user-store';
import { ACCOUNT_CLOSED_STATE } from './account-closed-state';

type Field = 'password' | 'confirmation';

/** What the dialog says is deleted and what is kept (the server's closing: docs/security.md). */
const DELETED = ['drafts', 'password', 'contact', 'sessions'] as const;
const KEPT = ['applications', 'name', 'retention'] as const;

/**
 * The profile's "Close your account": a dialog that says exactly what is deleted and what the authority
 * keeps, and asks for the password and the account's e-mail typed as a confirmation
 * (`POST client/{id}/close`). MUI's dialog keeps the focus inside while it is open and gives it back to
 * the button that opened it; a refused field takes the focus with its message. Once closed, the
 * applicant lands on a page that says the account is closed, which signs them out here too.
 */
export function CloseAccountSection({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { send, busy } = useApiMutation<{ done: boolean }>();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const inputs = { password: useRef<HTMLInputElement>(null), confirmation: useRef<HTMLInputElement>(null) };

  const show = () => {
    setValues({ password: '', confirmation: '' });
    setErrors({});
    setFailure(null);
    setOpen(true);
  };

  /** Shows the fields' messages and moves the focus to the first refused one. */
  const refuse = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = (['password', 'confirmation'] as const).find((field) => found[field]);
    if (first) inputs[first].current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found: Partial<Record<Field, string>> = {};
    if (!values.password) found.password = t('validation.required');
    if (!values.confirmation.trim()) found.confirmation = t('validation.required');
    else if (values.confirmation.trim().toLowerCase() !== user.email.toLowerCase())
      found.confirmation = t('profile.close.confirmationMismatch');
    if (Object.keys(found).length > 0) return refuse(found);
    const result = await send({
      method: 'POST',
      path: `client/${user.id}/close`,
      body: { password: values.password, confirmation: values.confirmation.trim() },
    });
    if (!result.ok) {
      // The e-mail was judged here: a refused field is the password, with the server's message.
      if (result.code === 422) return refuse({ password: result.error });
      setFailure(result.error === SERVER_ERROR_MESSAGE ? t('profile.close.failed') : result.error);
      return;
    }
    setOpen(false);
    // The server has ended every session; the page signs out here once it is shown (the signed-in frame,
    // left without a user while the page's code loads, would send the visitor to /login instead).
    navigate('/account-closed', { replace: true, state: ACCOUNT_CLOSED_STATE });
  };

  const field = (name: Field, label: string, type: string, autoComplete: string) => (
    <TextInput
      name={name}
      // The dialog opens on the password: what it explains is its description, read on the way in.
      autoFocus={name === 'password'}
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      inputRef={inputs[name]}
      required
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
    />
  );

  return (
    <Stack component="section" aria-labelledby="profile-close-title" spacing={1} sx={{ mt: 4 }}>
      <Typography id="profile-close-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('profile.close.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('profile.close.text')}
      </Typography>
      <div>
        <Button variant="outlined" color="error" onClick={show}>
          {t('profile.close.open')}
        </Button>
      </div>
      <Dialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        aria-labelledby="close-dialog-title"
        aria-describedby="close-dialog-what"
        maxWidth="sm"
        fullWidth
      >
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <DialogTitle id="close-dialog-title">{t('profile.close.dialogTitle')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <div id="close-dialog-what">
                <Typography sx={{ fontWeight: 'bold' }}>{t('profile.close.deletedTitle')}</Typography>
                <ul>
                  {DELETED.map((key) => (
                    <li key={key}>{t(`profile.close.deleted.${key}`)}</li>
                  ))}
                </ul>
                <Typography sx={{ fontWeight: 'bold' }}>{t('profile.close.keptTitle')}</Typography>
                <ul>
                  {KEPT.map((key) => (
                    <li key={key}>{t(`profile.close.kept.${key}`)}</li>
                  ))}
                </ul>
                <Typography>{t('profile.close.downloadFirst')}</Typography>
              </div>
              {failure && <Alert severity="error">{failure}</Alert>}
              {field('password', t('profile.close.password'), 'password', 'current-password')}
              {field('confirmation', t('profile.close.confirmation', { email: user.email }), 'email', 'off')}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={busy}>
              {t('profile.close.cancel')}
            </Button>
            <Button type="submit" variant="contained" color="error" disabled={busy} aria-busy={busy}>
              {t('profile.close.submit')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Stack>
  );
}

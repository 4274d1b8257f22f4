import { useState } from 'react';
import { Alert, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useApiMutation, useTranslation } from '../../engine/react';
import { setStoredUser, type StoredUser } from '../auth/user-store';

/**
 * The profile's choice of e-mails about the applicant's applications (received, returned, decided),
 * saved as soon as it is switched; the codes of registration and password reset are always sent.
 */
export function DecisionEmailsSetting({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const { send, busy } = useApiMutation<Partial<StoredUser>>();
  const [outcome, setOutcome] = useState<'saved' | 'error' | null>(null);
  // Sessions stored before the choice existed get e-mails, as the server's default.
  const wanted = user.decision_emails !== false;

  const change = async (next: boolean) => {
    setOutcome(null);
    const body = {
      first_name: user.first_name,
      last_name: user.last_name,
      other_name: user.other_name ?? '',
      email: user.email,
      id_number: user.id_number ?? '',
      decision_emails: next,
    };
    const result = await send({ method: 'PUT', path: `client/${user.id}`, body });
    if (!result.ok) {
      setOutcome('error');
      return;
    }
    setStoredUser({ ...user, ...(result.data ?? {}), decision_emails: next, token: user.token, id: user.id });
    setOutcome('saved');
  };

  return (
    <Stack component="section" aria-labelledby="profile-emails-title" spacing={1} sx={{ mt: 4 }}>
      <Typography id="profile-emails-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('profile.emails.title')}
      </Typography>
      <FormControlLabel
        control={<Switch checked={wanted} disabled={busy} onChange={(event) => void change(event.target.checked)} />}
        label={t('profile.emails.decisions')}
      />
      <Typography variant="body2" color="text.secondary">
        {t('profile.emails.note')}
      </Typography>
      <div aria-live="polite">
        {outcome === 'saved' && <Alert severity="success">{t('profile.emails.saved')}</Alert>}
        {outcome === 'error' && <Alert severity="error">{t('profile.emails.error')}</Alert>}
      </div>
    </Stack>
  );
}

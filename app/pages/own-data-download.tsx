import { useState } from 'react';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { SERVER_ERROR_MESSAGE } from '../../engine/core';
import { useTranslation } from '../../engine/react';
import { useApi } from '../api-context';
import { getStoredToken, type StoredUser } from '../auth/user-store';
import { downloadWithToken } from '../backend/download';

/**
 * The profile's "Download your data": one ZIP of everything the portal holds about the applicant
 * (`GET client/{id}/archive`), its README in the page's language. The archive is made while the button
 * waits, so it says so, and says when the download has started or why it failed.
 */
export function OwnDataDownload({ user }: { user: StoredUser }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ done: true } | { error: string } | null>(null);

  const download = async () => {
    setBusy(true);
    setOutcome(null);
    const fileName = `ecopermit-data-${new Date().toISOString().slice(0, 10)}.zip`;
    const failure = await downloadWithToken(api.url(`client/${user.id}/archive`), getStoredToken, fileName, undefined, {
      'Accept-Language': i18n.language,
    });
    setBusy(false);
    setOutcome(failure === null ? { done: true } : { error: failure });
  };

  return (
    <Stack component="section" aria-labelledby="profile-data-title" spacing={1} sx={{ mt: 4 }}>
      <Typography id="profile-data-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('profile.ownData.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('profile.ownData.text')}
      </Typography>
      <div>
        <Button
          variant="outlined"
          onClick={() => void download()}
          disabled={busy}
          aria-busy={busy}
          startIcon={busy ? <CircularProgress size={16} aria-hidden /> : undefined}
        >
          {busy ? t('profile.ownData.preparing') : t('profile.ownData.download')}
        </Button>
      </div>
      <div aria-live="polite">
        {outcome && 'done' in outcome && <Alert severity="success">{t('profile.ownData.started')}</Alert>}
        {outcome && 'error' in outcome && (
          <Alert severity="error">
            {outcome.error === SERVER_ERROR_MESSAGE ? t('profile.ownData.failed') : outcome.error}
          </Alert>
        )}
      </div>
    </Stack>
  );
}

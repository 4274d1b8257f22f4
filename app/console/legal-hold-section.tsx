/**
 * The review page's legal hold: whether the application is kept from the retention job, by whom,
 * since when and why; an approver or admin of its service places or lifts it
 * (`PUT staff/applications/{id}/legal-hold`, server/retention/legal-hold.ts), saying why.
 */
import { useId, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { TextInput, useTranslation } from '../../engine/react';
import { formatDate } from '../applications-list';
import type { ReviewAnswer } from './console-types';
import { usePost } from './review-sections';
import { useStaffApi } from './staff-api';

type Hold = NonNullable<ReviewAnswer['application']['legal_hold']>;

export function LegalHoldSection({
  applicationId,
  hold,
  mayHold,
  csrfToken,
  onChanged,
}: {
  applicationId: number;
  hold: Hold | null;
  mayHold: boolean;
  csrfToken: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const api = useStaffApi();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const post = usePost(onChanged);
  const change = async (event: FormEvent) => {
    event.preventDefault();
    const body = { hold: !hold, reason: reason.trim() || null };
    if (await post.run(() => api.put(`staff/applications/${applicationId}/legal-hold`, body, csrfToken))) setReason('');
  };
  return (
    <Stack spacing={1.5}>
      {hold ? (
        <Alert severity="warning">
          <Typography variant="body2">
            {t('console.hold.held', { name: hold.by, date: formatDate(hold.at) })}
          </Typography>
          <Typography variant="body2">{t('console.hold.reasonShown', { reason: hold.reason })}</Typography>
        </Alert>
      ) : (
        <Typography variant="body2">{t('console.hold.none')}</Typography>
      )}
      {mayHold ? (
        <Box component="form" onSubmit={(event) => void change(event)}>
          <Stack spacing={1}>
            <TextInput
              id={reasonId}
              size="small"
              multiline
              minRows={2}
              required={!hold}
              label={hold ? t('console.hold.liftReason') : t('console.hold.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <Box>
              <Button type="submit" size="small" variant="outlined" disabled={post.busy || (!hold && !reason.trim())}>
                {hold ? t('console.hold.lift') : t('console.hold.place')}
              </Button>
            </Box>
          </Stack>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('console.hold.mayNot')}
        </Typography>
      )}
      {post.error ? (
        <Alert severity="error" role="alert">
          {post.error}
        </Alert>
      ) : null}
    </Stack>
  );
}

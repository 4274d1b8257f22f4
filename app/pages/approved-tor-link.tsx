/**
 * The download of an audit's approved terms of reference from its dashboard row (spec 02 section 2:
 * rows with a ToR approval date show a download icon). The file is the applicant's own, so it is
 * fetched with the bearer token (`verify/tor/{app_id}`).
 */
import { useState } from 'react';
import { IconButton } from '@mui/material';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { useTranslation } from '../../engine/react/translation';
import { downloadWithToken } from '../../engine/react/upload-file';
import { useApi } from '../api-context';
import { getStoredToken } from '../auth/user-store';

export function ApprovedTorLink({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const [error, setError] = useState<string | null>(null);
  const label = error ?? t('dashboard.downloadTor', { id: appId });
  return (
    // The native title as its tooltip (see the Layout's fullscreen button).
    <IconButton
      size="small"
      sx={{ ml: 1 }}
      color={error ? 'error' : 'primary'}
      aria-label={label}
      title={label}
      onClick={() =>
        void downloadWithToken(
          api.url(`verify/tor/${encodeURIComponent(appId)}`),
          getStoredToken,
          `ToR-${appId}.pdf`,
        ).then(setError)
      }
    >
      <DescriptionOutlined fontSize="small" />
    </IconButton>
  );
}

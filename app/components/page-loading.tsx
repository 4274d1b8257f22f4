import { Box, CircularProgress } from '@mui/material';
import { useTranslation } from '../../engine/react';

/** What a page shows while its code or its first answer loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

import { Box, Typography } from '@mui/material';
import { useTranslation } from '../../engine/react';

/** Credits the authority with the current year. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{ py: 2, px: 3, mt: 'auto', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Typography variant="body2" color="text.secondary" align="center">
        {t('layout.footer', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
}

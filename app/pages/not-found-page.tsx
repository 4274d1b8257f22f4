import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from '../../engine/react';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 4 }}>
      <Typography variant="h1" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('notFound.text')}</Typography>
      <Button variant="contained" component={RouterLink} to="/dashboard">
        {t('notFound.back')}
      </Button>
    </Box>
  );
}

import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from '../../engine/react';

/** A page that does not exist, or (with `title` and `text`) something on it that does not. */
export function NotFoundPage({ title, text }: { title?: string; text?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 4 }}>
      <Typography variant="h1" gutterBottom>
        {title ?? t('notFound.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{text ?? t('notFound.text')}</Typography>
      <Button variant="contained" component={RouterLink} to="/dashboard">
        {t('notFound.back')}
      </Button>
    </Box>
  );
}

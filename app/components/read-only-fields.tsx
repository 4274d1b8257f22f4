import { Box, Typography } from '@mui/material';
import { useTranslation } from '../../engine/react';

export interface ReadOnlyField {
  label: string;
  value: string;
}

/**
 * Data the user reads but does not change here, as text (a description list), not as disabled
 * inputs: full contrast, selectable, read in one pass by a screen reader. An empty value reads
 * 'Not given'.
 */
export function ReadOnlyFields({ fields, label }: { fields: readonly ReadOnlyField[]; label?: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        columnGap: 3,
        rowGap: 2,
      }}
    >
      {fields.map((field) => (
        <Box key={field.label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {field.label}
          </Typography>
          <Typography
            component="dd"
            variant="body1"
            sx={{ m: 0, overflowWrap: 'anywhere', color: field.value ? 'text.primary' : 'text.secondary' }}
          >
            {field.value || t('common.notGiven')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

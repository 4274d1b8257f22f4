import { Box, IconButton, Typography } from '@mui/material';
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import { useTranslation } from '../../engine/react';

/**
 * The pages of a table that offers no rows-per-page choice (spec 01: the dashboard's applications):
 * "1–10 of 60" with previous and next. MUI's TablePagination always brings its Select (with Menu
 * and the input variants) for that choice, about a tenth of the dashboard's download.
 */
export function TablePager({
  count,
  page,
  rowsPerPage,
  onPageChange,
  label,
}: {
  count: number;
  /** The shown page, from 0. */
  page: number;
  rowsPerPage: number;
  onPageChange: (page: number) => void;
  /** The text of the shown rows ("1–10 of 60"). */
  label: (rows: { from: number; to: number; count: number }) => string;
}) {
  const { t } = useTranslation();
  const from = count === 0 ? 0 : page * rowsPerPage + 1;
  const to = Math.min(count, (page + 1) * rowsPerPage);
  const last = page >= Math.ceil(count / rowsPerPage) - 1;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, px: 2, py: 1 }}>
      <Typography variant="body2" aria-live="polite">
        {label({ from, to, count })}
      </Typography>
      <IconButton onClick={() => onPageChange(page - 1)} disabled={page === 0} aria-label={t('common.previousPage')}>
        <KeyboardArrowLeft />
      </IconButton>
      <IconButton onClick={() => onPageChange(page + 1)} disabled={last} aria-label={t('common.nextPage')}>
        <KeyboardArrowRight />
      </IconButton>
    </Box>
  );
}

import { useEffect, useId, useMemo, useState } from 'react';
import {
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { useTranslation } from '../../engine/react';
import {
  companyNameOf,
  formatKg,
  formatMonth,
  quantityOf,
  RECYCLED_PAGE_SIZES,
  sortEntries,
  type RecycledEntry,
  type RecycledSortKey,
  type SortDirection,
} from './recycled-data';

const COLUMNS: Array<{ key: RecycledSortKey; label: string; numeric?: boolean }> = [
  { key: 'company', label: 'recycled.table.company' },
  { key: 'month', label: 'recycled.table.month' },
  { key: 'quantity', label: 'recycled.table.quantity', numeric: true },
];

/** 'Recycling Data': every entry, sortable by each column, 10/25/50/100 rows per page. */
export function RecycledTable({ entries }: { entries: readonly RecycledEntry[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const titleId = useId();
  const [sort, setSort] = useState<{ key: RecycledSortKey; direction: SortDirection }>({
    key: 'month',
    direction: 'desc',
  });
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(RECYCLED_PAGE_SIZES[0] ?? 10);
  const sorted = useMemo(() => sortEntries(entries, sort.key, sort.direction, locale), [entries, sort, locale]);

  // A shorter list (or a larger page) can leave the current page empty: go to the last one that exists.
  const lastPage = Math.max(0, Math.ceil(sorted.length / rowsPerPage) - 1);
  useEffect(() => {
    if (page > lastPage) setPage(lastPage);
  }, [page, lastPage]);

  const sortBy = (key: RecycledSortKey) => {
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: key === 'company' ? 'asc' : 'desc' },
    );
    setPage(0);
  };

  const shown = sorted.slice(page * rowsPerPage, page * rowsPerPage + rowsPerPage);

  return (
    <Paper component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h2" sx={{ px: 2, pt: 2 }}>
        {t('recycled.table.title')}
      </Typography>
      <TableContainer>
        <Table aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => {
                const active = sort.key === column.key;
                return (
                  <TableCell
                    key={column.key}
                    align={column.numeric ? 'right' : 'left'}
                    sortDirection={active ? sort.direction : false}
                  >
                    <TableSortLabel
                      active={active}
                      direction={active ? sort.direction : 'asc'}
                      onClick={() => sortBy(column.key)}
                    >
                      {t(column.label)}
                    </TableSortLabel>
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{companyNameOf(entry)}</TableCell>
                <TableCell>{formatMonth(entry.report_month, locale)}</TableCell>
                <TableCell align="right">{formatKg(quantityOf(entry), locale)}</TableCell>
              </TableRow>
            ))}
            {sorted.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length}>{t('recycled.table.none')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={sorted.length}
        page={Math.min(page, lastPage)}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={RECYCLED_PAGE_SIZES}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setRowsPerPage(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('recycled.table.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('recycled.table.displayedRows', { from, to, count })}
        getItemAriaLabel={(type) => t(`recycled.table.${type}Page`)}
      />
    </Paper>
  );
}

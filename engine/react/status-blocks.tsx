/**
 * Small blocks the wizard repeats: a spinner with a text announced to screen readers, and the
 * label/value table of the confirm step and
 * the application view, and the table of a list.
 */
import type { ReactNode } from 'react';
import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

/** A spinner with its text, announced as a status. */
export function Busy({ children, compact = false }: { children: ReactNode; compact?: boolean }) {
  return (
    <Stack direction="row" spacing={2} role="status" sx={{ py: compact ? 0 : 4, alignItems: 'center' }}>
      <CircularProgress size={compact ? 20 : 24} />
      <Typography>{children}</Typography>
    </Stack>
  );
}

/** A two-column table of label/value rows (confirm summary, application details). */
export function LabelledRowsTable({
  label,
  rows,
}: {
  label: string;
  rows: ReadonlyArray<{ label: string; value: ReactNode }>;
}) {
  return (
    <Table size="small" aria-label={label}>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={`${row.label}-${index}`}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '40%', overflowWrap: 'anywhere' }}>
              {row.label}
            </TableCell>
            {/* A long word (an e-mail address) breaks rather than widen a phone's page. */}
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * A list's table on a phone: its columns side by side do not fit 360 px (four columns of dates,
 * statuses and comments scrolled the page sideways), so below `sm` each item is a block of its cells,
 * one a line, each after its column's label (the cell's `data-label`). The header row stays in the
 * accessibility tree (moved out of sight, not hidden), so the table reads as a table everywhere; long
 * words break rather than widen the page.
 */
const stackedOnPhones = (theme: Theme): SystemStyleObject<Theme> => ({
  '& td, & th': { overflowWrap: 'anywhere' },
  [theme.breakpoints.down('sm')]: {
    display: 'block',
    '& thead': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)' },
    '& tbody': { display: 'block' },
    '& tbody tr': { display: 'block', py: 1, borderBottom: `1px solid ${theme.palette.divider}` },
    '& tbody td': { display: 'block', border: 0, py: 0.25 },
    // An empty cell (no comment) says nothing on its own line.
    '& tbody td:empty': { display: 'none' },
    '& tbody td::before': { content: 'attr(data-label) ": "', fontWeight: 600 },
  },
});

/** A table of a list: a header row of column labels, then one row per item (the view's detail tables). */
export function ListTable({
  label,
  columns,
  rows,
}: {
  label: string;
  columns: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
}) {
  return (
    <Table size="small" aria-label={label} sx={stackedOnPhones}>
      <TableHead>
        <TableRow>
          {columns.map((column, index) => (
            <TableCell key={`${column}-${index}`} component="th" scope="col" sx={{ fontWeight: 600 }}>
              {column}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={index}>
            {row.map((cell, column) => (
              <TableCell key={column} data-label={columns[column]}>
                {cell}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

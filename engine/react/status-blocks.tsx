/**
 * Small blocks the wizard repeats: a spinner with a text announced to screen readers, and the
 * label/value table of the confirm step and
 * the application view, and the table of a list.
 */
import type { ReactNode } from 'react';
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
            <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '40%' }}>
              {row.label}
            </TableCell>
            <TableCell>{row.value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

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
    <Table size="small" aria-label={label}>
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
              <TableCell key={column}>{cell}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

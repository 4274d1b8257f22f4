import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation, listOf, useApiQuery, RetryAlert } from '../../engine/react';
import { useUser } from '../auth/user-store';
import { CompanyDialog } from './company-dialog';
import { CompanyDetails } from './company-details';
import type { Company } from '../../engine/core';
import { companiesPath } from './company-form';
import { SkeletonRows } from '../components/skeleton-rows';

/** How long the success banner stays (spec 01 section 9). */
export const COMPANY_SUCCESS_MS = 8000;

/** The client's companies with Add and Edit. */
export function CompaniesPage() {
  const { t } = useTranslation();
  const user = useUser();
  const clientId = user?.id;
  // The dialog's save refreshes this list (it invalidates the path).
  const query = useApiQuery<unknown, Company[]>(clientId === undefined ? null : companiesPath(clientId), {
    select: listOf<Company>,
  });
  const companies = query.data ?? null;
  const loadError = query.error;
  const [dialog, setDialog] = useState<{ open: boolean; company?: Company }>({ open: false });
  const [viewed, setViewed] = useState<Company | undefined>(undefined);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(null), COMPANY_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [success]);

  if (clientId === undefined) return null;

  return (
    <>
      <Stack
        direction="row"
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h1">{t('companies.title')}</Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true })}>
          {t('companies.add')}
        </Button>
      </Stack>
      {success && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {success}
        </Alert>
      )}
      {loadError && (
        <Box sx={{ mb: 2 }}>
          <RetryAlert error={loadError} onRetry={query.refetch} />
        </Box>
      )}
      <TableContainer component={Paper}>
        <Table aria-label={t('companies.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('companies.columns.name')}</TableCell>
              <TableCell>{t('companies.columns.tin')}</TableCell>
              <TableCell>{t('companies.columns.telephone')}</TableCell>
              <TableCell>{t('companies.columns.email')}</TableCell>
              <TableCell>{t('companies.columns.action')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {companies === null && !loadError ? (
              <SkeletonRows rows={2} columns={5} />
            ) : (
              (companies ?? []).map((company) => (
                <TableRow key={company.id}>
                  <TableCell>{company.name}</TableCell>
                  <TableCell>{company.tin}</TableCell>
                  <TableCell>{company.telephone}</TableCell>
                  <TableCell>{company.email}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      aria-label={t('companies.viewCompany', { name: company.name })}
                      title={t('companies.viewCompany', { name: company.name })}
                      onClick={() => setViewed(company)}
                    >
                      <VisibilityIcon />
                    </IconButton>
                    <IconButton
                      aria-label={t('companies.editCompany', { name: company.name })}
                      title={t('companies.editCompany', { name: company.name })}
                      onClick={() => setDialog({ open: true, company })}
                    >
                      <EditIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))
            )}
            {companies !== null && companies.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>{t('companies.none')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <CompanyDetails
        company={viewed}
        onClose={() => setViewed(undefined)}
        onEdit={(company) => {
          setViewed(undefined);
          setDialog({ open: true, company });
        }}
      />
      <CompanyDialog
        open={dialog.open}
        company={dialog.company}
        clientId={clientId}
        onClose={() => setDialog({ open: false })}
        onSaved={(message) => {
          setDialog({ open: false });
          setSuccess(message);
        }}
      />
    </>
  );
}

import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation, listOf, useApiQuery } from '../../engine/react';
import { useUser } from '../auth/user-store';
import { companiesPath } from '../companies/company-form';
import type { ServiceDefinition } from '../../engine/core';
import { useRecycledAccess } from './recycled-access';
import { RecycledChart } from './recycled-chart';
import type { RecycledEntry } from './recycled-data';
import { RecycledEntryDialog, recycledEntriesPath, type ReportingCompany } from './recycled-entry-dialog';
import { RecycledTable } from './recycled-table';

const NO_ENTRIES: RecycledEntry[] = [];
const NO_COMPANIES: ReportingCompany[] = [];

/**
 * Recycled (at the route of the unlock that opens it): Add Entry, a chart per month and company, the
 * Recycling Data table; closed, the way to the service that opens it.
 */
export function RecycledPage() {
  const { t } = useTranslation();
  const user = useUser();
  const access = useRecycledAccess(user?.id);

  if (!user) return null;
  return (
    <Stack spacing={3} component="section" aria-labelledby="recycled-title">
      <Box>
        <Typography id="recycled-title" variant="h1" gutterBottom>
          {t('recycled.title')}
        </Typography>
        <Typography color="text.secondary">{t('recycled.intro')}</Typography>
      </Box>
      {access.allowed === null && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {access.allowed === false && <Locked opener={access.opener} />}
      {access.allowed === true && <Reports clientId={user.id} />}
    </Stack>
  );
}

/** Why the page is closed, with the way to the service that opens it. */
function Locked({ opener }: { opener: ServiceDefinition | undefined }) {
  const { t } = useTranslation();
  const service = opener?.title ?? '';
  return (
    <Alert severity="info">
      <AlertTitle>{t('recycled.locked.title', { service })}</AlertTitle>
      <Typography variant="body2" sx={{ mb: opener ? 1 : 0 }}>
        {t('recycled.locked.text', { service })}
      </Typography>
      {opener ? (
        <Link component={RouterLink} to={opener.routes.info}>
          {t('recycled.locked.link', { service })}
        </Link>
      ) : null}
    </Alert>
  );
}

function Reports({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  // The dialog's save refreshes the entries (it invalidates their path).
  const entries = useApiQuery<unknown, RecycledEntry[]>(recycledEntriesPath(clientId), {
    select: listOf<RecycledEntry>,
  });
  const companies =
    useApiQuery<unknown, ReportingCompany[]>(companiesPath(clientId), { select: listOf<ReportingCompany> }).data ??
    NO_COMPANIES;
  const [dialogOpen, setDialogOpen] = useState(false);
  // Which success to show after a save: a new month, or a correction of one already reported.
  const [saved, setSaved] = useState<'added' | 'updated' | null>(null);

  const list = entries.data ?? NO_ENTRIES;

  return (
    <>
      <Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => {
            setSaved(null);
            setDialogOpen(true);
          }}
        >
          {t('recycled.addEntry')}
        </Button>
      </Box>
      {saved && (
        <Alert severity="success" role="status" onClose={() => setSaved(null)}>
          {t(`recycled.${saved}`)}
        </Alert>
      )}
      {entries.status === 'loading' && <Typography role="status">{t('recycled.loading')}</Typography>}
      {entries.status === 'error' && (
        <Alert severity="error">{t('recycled.loadFailed', { error: entries.error })}</Alert>
      )}
      {list.length > 0 && (
        <Paper sx={{ p: 2 }}>
          <RecycledChart entries={list} />
        </Paper>
      )}
      {entries.status === 'success' && <RecycledTable entries={list} />}
      <RecycledEntryDialog
        open={dialogOpen}
        clientId={clientId}
        companies={companies}
        onClose={() => setDialogOpen(false)}
        onSaved={(updated) => {
          setDialogOpen(false);
          setSaved(updated ? 'updated' : 'added');
        }}
      />
    </>
  );
}

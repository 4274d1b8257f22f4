import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { listOf, useApiQuery } from '../../engine/react/use-api-query';
import { useUser } from '../auth/user-store';
import { companiesPath } from '../companies/company-form';
import { useDefinitions } from '../definitions-context';
import { useRecycledAccess } from './recycled-access';
import { RecycledChart } from './recycled-chart';
import type { RecycledEntry } from './recycled-data';
import { RecycledEntryDialog, recycledEntriesPath, type ReportingCompany } from './recycled-entry-dialog';
import { RecycledTable } from './recycled-table';

/** The plastics authorisation (spec 01 section 9: service id 1), whose submission opens the reports. */
export const PLASTICS_SERVICE_ID = 1;
/** Its information page when the definitions are not at hand (spec 01 section 2). */
const PLASTICS_INFO_FALLBACK = '/auth-plastics';
const NO_ENTRIES: RecycledEntry[] = [];
const NO_COMPANIES: ReportingCompany[] = [];

/** Recycled (/plastics-recycled): Add Entry, a chart per month and company, the Recycling Data table. */
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
      {access.allowed === false && <Locked />}
      {access.allowed === true && <Reports clientId={user.id} />}
    </Stack>
  );
}

/** Why the page is closed, with the way to open it. */
function Locked() {
  const { t } = useTranslation();
  const state = useDefinitions();
  const definition = state.status === 'ready' ? state.definitions.find((d) => d.id === PLASTICS_SERVICE_ID) : undefined;
  return (
    <Alert severity="info">
      <AlertTitle>{t('recycled.locked.title')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('recycled.locked.text')}
      </Typography>
      <Link component={RouterLink} to={definition?.routes.info ?? PLASTICS_INFO_FALLBACK}>
        {t('recycled.locked.link')}
      </Link>
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

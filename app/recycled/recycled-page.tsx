import { useCallback, useEffect, useState } from 'react';
import { Alert, AlertTitle, Box, Button, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api-context';
import { useUser } from '../auth/user-store';
import { useDefinitions } from '../definitions-context';
import { useRecycledAccess } from './recycled-access';
import { RecycledChart } from './recycled-chart';
import type { RecycledEntry } from './recycled-data';
import { RecycledEntryDialog, type ReportingCompany } from './recycled-entry-dialog';
import { RecycledTable } from './recycled-table';

/** The plastics authorisation (spec 01 section 9: service id 1), whose submission opens the reports. */
export const PLASTICS_SERVICE_ID = 1;
/** Its information page when the definitions are not at hand (spec 01 section 2). */
const PLASTICS_INFO_FALLBACK = '/auth-plastics';

type EntriesState =
  { status: 'loading' } | { status: 'failed'; error: string } | { status: 'ready'; entries: RecycledEntry[] };

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
  const api = useApi();
  const [entries, setEntries] = useState<EntriesState>({ status: 'loading' });
  const [companies, setCompanies] = useState<ReportingCompany[]>([]);
  const [dialogOpen, setDialogOpen] = useState(false);
  // Which success to show after a save: a new month, or a correction of one already reported.
  const [saved, setSaved] = useState<'added' | 'updated' | null>(null);

  const loadEntries = useCallback(async () => {
    const result = await api.get<RecycledEntry[]>(`clients/report/recycled-quantity/${clientId}`);
    if (result.ok) setEntries({ status: 'ready', entries: Array.isArray(result.data) ? result.data : [] });
    else setEntries({ status: 'failed', error: result.error });
  }, [api, clientId]);

  useEffect(() => {
    void loadEntries();
  }, [loadEntries]);

  useEffect(() => {
    let live = true;
    void api.get<ReportingCompany[]>(`companies/${clientId}`).then((result) => {
      if (live && result.ok && Array.isArray(result.data)) setCompanies(result.data);
    });
    return () => {
      live = false;
    };
  }, [api, clientId]);

  const list = entries.status === 'ready' ? entries.entries : [];

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
      {entries.status === 'failed' && (
        <Alert severity="error">{t('recycled.loadFailed', { error: entries.error })}</Alert>
      )}
      {list.length > 0 && (
        <Paper sx={{ p: 2 }}>
          <RecycledChart entries={list} />
        </Paper>
      )}
      {entries.status === 'ready' && <RecycledTable entries={list} />}
      <RecycledEntryDialog
        open={dialogOpen}
        companies={companies}
        onClose={() => setDialogOpen(false)}
        onSaved={(updated) => {
          setDialogOpen(false);
          setSaved(updated ? 'updated' : 'added');
          void loadEntries();
        }}
      />
    </>
  );
}

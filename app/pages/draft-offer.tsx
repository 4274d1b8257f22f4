/**
 * The offer to continue a draft (GET client/drafts): on a service's information page its latest
 * draft, on the dashboard every service's; each with 'Continue your application, last saved ...'
 * (the draft on its service's view route, where the wizard opens with its answers and files) and
 * Discard, after a confirmation. Drafts stay out of the applications table and the counts.
 */
import { Suspense, useId, useState } from 'react';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { applicationPath, type OfferedDraft, type ServiceDefinition } from '../../engine/core';
import { lazyNamed, useApiMutation, useApiQuery, useFailureMessage, useTranslation } from '../../engine/react';

// The confirmation (MUI's Dialog and its parts) is not needed until Discard is used: it loads when
// the button is pointed at, focused or pressed, as the language menu does.
const DiscardDraftDialog = lazyNamed(() => import('./discard-draft-dialog'), 'DiscardDraftDialog');
const preloadDialog = () => void DiscardDraftDialog.preload().catch(() => {});

/** The drafts offered to be continued (the client's own: the token says whose). */
export const DRAFTS_PATH = 'client/drafts';

function draftsOf(data: unknown): OfferedDraft[] {
  return Array.isArray(data) ? (data as OfferedDraft[]) : [];
}

/**
 * The drafts of `definitions` the signed-in client may continue (of one service: its latest only).
 * Shows nothing until they are read, and nothing when a read fails: the page works without it.
 */
export function DraftOffer({ definitions, single = false }: { definitions: ServiceDefinition[]; single?: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const path = single && definitions[0] ? `${DRAFTS_PATH}?service_id=${definitions[0].id}` : DRAFTS_PATH;
  const drafts = useApiQuery<unknown, OfferedDraft[]>(path, { select: draftsOf });
  const offered = (drafts.data ?? []).flatMap((draft) => {
    const definition = definitions.find((candidate) => candidate.id === draft.service_id);
    return definition ? [{ draft, definition }] : [];
  });
  const shown = single ? offered.slice(0, 1) : offered;
  if (shown.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography id={headingId} variant="h2" gutterBottom>
        {t('drafts.title')}
      </Typography>
      <Stack spacing={1}>
        {shown.map(({ draft, definition }) => (
          <DraftEntry key={draft.application_id} draft={draft} definition={definition} named={!single} />
        ))}
      </Stack>
      {single ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('drafts.applyNew')}
        </Typography>
      ) : null}
    </Box>
  );
}

function DraftEntry({
  draft,
  definition,
  named,
}: {
  draft: OfferedDraft;
  definition: ServiceDefinition;
  /** The service's title shown (the dashboard lists every service's drafts). */
  named: boolean;
}) {
  const { t, i18n } = useTranslation();
  const describe = useFailureMessage();
  const [confirming, setConfirming] = useState(false);
  // Drawn from the first Discard on, so that closing it plays its transition.
  const [asked, setAsked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const discard = useApiMutation({ invalidates: [DRAFTS_PATH] });
  const when = new Date(draft.saved_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const confirmDiscard = async () => {
    const result = await discard.send({ method: 'DELETE', path: `client/application/${draft.application_id}` });
    if (result.ok) {
      setConfirming(false);
      return;
    }
    setFailure(describe(result));
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          {named ? (
            <Typography variant="subtitle2" component="p">
              {definition.title}
            </Typography>
          ) : null}
          <Link component={RouterLink} to={applicationPath(definition.routes.view, draft.application_id)}>
            {t('drafts.continue', { when })}
          </Link>
        </Box>
        <Button
          variant="outlined"
          color="error"
          size="small"
          onPointerEnter={preloadDialog}
          onFocus={preloadDialog}
          onClick={() => {
            setFailure(null);
            setConfirming(true);
            setAsked(true);
          }}
          aria-label={t('drafts.discardNamed', { service: definition.title, when })}
        >
          {t('drafts.discard')}
        </Button>
      </Stack>
      {asked ? (
        <Suspense fallback={null}>
          <DiscardDraftDialog
            open={confirming}
            busy={discard.busy}
            failure={failure}
            onKeep={() => setConfirming(false)}
            onDiscard={() => void confirmDiscard()}
          />
        </Suspense>
      ) : null}
    </Paper>
  );
}

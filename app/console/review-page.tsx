/**
 * `/console/applications/:id`: one application as the authority reviews it. Its summary, the
 * answers drawn as the applicant's view draws them (the same form version, the same
 * `AnswerSummary`), its documents with a preview, its history, the internal notes, who works on it,
 * its legal hold, and the staff transitions at its status as buttons (disabled, with the reason, for one the reader
 * may not take). Each transition opens its dialog; after any change the page and the queues read again.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, Grid, Link, Paper, Stack, Typography } from '@mui/material';
import {
  answeredViewSummary,
  definitionOfApplication,
  formOfApplication,
  mayHold,
  mayWork,
  STATUS,
  transitionsOf,
  type ServiceDefinition,
} from '../../engine/core';
import {
  AnswerSummary,
  invalidateApiPaths,
  RetryAlert,
  useApiQuery,
  useApiQueryClient,
  useTranslation,
} from '../../engine/react';
import { formatDate } from '../applications-list';
import { PageLoading } from '../components/page-loading';
import { useDefinitions } from '../definitions-context';
import { useStaffSession } from './console-gate';
import { useStatusText } from './console-statuses';
import type { ReviewAnswer, ReviewTransition } from './console-types';
import { LegalHoldSection } from './legal-hold-section';
import { AssignmentSection, DocumentsSection, HistorySection, NotesSection } from './review-sections';
import { useStaffApi } from './staff-api';
import { TransitionDialog } from './transition-dialog';
import { transitionLabel, transitionLabelOf } from './transition-labels';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The transitions the server lists, with what the definition's row adds to them: its label and the
 * messages of its text and document, in the reader's language (the server names what a row takes,
 * the row says what to call it and how to ask for it).
 */
export function withDefinitionRows(
  transitions: readonly ReviewTransition[],
  definition: ServiceDefinition | undefined,
  statusId: number,
): ReviewTransition[] {
  const rows = transitionsOf(definition);
  return transitions.map((transition) => {
    const row = rows.find((candidate) => candidate.name === transition.name && candidate.from.includes(statusId));
    if (!row) return transition;
    const text = transition.text === undefined ? row.text : transition.text;
    const document = transition.document === undefined ? row.document : transition.document;
    return {
      ...transition,
      label: row.label ?? transition.label ?? null,
      description: transition.description ?? row.description ?? null,
      to: transition.to ?? row.to,
      text: text
        ? {
            ...text,
            ...(row.text?.requiredMessage && !transition.text?.requiredMessage
              ? { requiredMessage: row.text.requiredMessage }
              : {}),
          }
        : null,
      document: document
        ? {
            description: document.description,
            ...(row.document?.notPdfMessage ? { notPdfMessage: row.document.notPdfMessage } : {}),
          }
        : null,
    };
  });
}

function Answers({
  answers,
  definition,
}: {
  answers: Record<string, unknown>;
  definition: ServiceDefinition | undefined;
}) {
  const { t } = useTranslation();
  const entries = useMemo(() => {
    if (!definition) return [];
    const form = formOfApplication(definition, answers);
    const choice = definition.variants ? definition.variants.label : undefined;
    return answeredViewSummary(form, answers, choice, { yes: t('widget.yes'), no: t('widget.no') });
  }, [definition, answers, t]);
  if (entries.length === 0) return <Typography variant="body2">{t('console.review.noAnswers')}</Typography>;
  return <AnswerSummary label={t('console.review.answers')} entries={entries} headingLevel={3} />;
}

function Transitions({
  applicationId,
  transitions,
  statusText,
  onChanged,
}: {
  applicationId: number;
  transitions: readonly ReviewTransition[];
  statusText: (status: { id?: number; key?: string }) => string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const session = useStaffSession();
  const [open, setOpen] = useState<ReviewTransition | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The button taken may be gone once the status moved: the focus goes to what happened.
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  return (
    <Stack spacing={1}>
      {done ? (
        <Alert ref={doneRef} tabIndex={-1} severity="success" role="status" onClose={() => setDone(null)}>
          {t('console.review.transitionDone', { action: done })}
        </Alert>
      ) : null}
      {transitions.length === 0 ? <Typography variant="body2">{t('console.review.noTransitions')}</Typography> : null}
      {transitions.map((transition) => {
        const reasonId = `reason-${transition.name}`;
        // A refused transition says why beside its button (read with it: aria-describedby).
        return (
          <Box key={transition.name}>
            <Button
              variant="contained"
              disabled={!transition.allowed}
              onClick={() => setOpen(transition)}
              aria-describedby={transition.allowed ? undefined : reasonId}
            >
              {transitionLabel(transition)}
            </Button>
            {transition.allowed ? null : (
              <Typography id={reasonId} variant="body2" color="text.secondary">
                {transition.reason ?? t('console.review.notAllowed')}
              </Typography>
            )}
          </Box>
        );
      })}
      {open ? (
        <TransitionDialog
          applicationId={applicationId}
          transition={open}
          {...(open.to !== undefined || open.to_key
            ? { toLabel: statusText(open.to !== undefined ? { id: open.to } : { key: open.to_key ?? '' }) }
            : {})}
          csrfToken={session.csrfToken}
          onClose={() => setOpen(null)}
          onDone={() => {
            setDone(transitionLabel(open));
            setOpen(null);
            onChanged();
          }}
        />
      ) : null}
    </Stack>
  );
}

const NO_DEFINITIONS: ServiceDefinition[] = [];

export function ReviewPage() {
  const { t } = useTranslation();
  const api = useStaffApi();
  const session = useStaffSession();
  const { id = '' } = useParams();
  const state = useDefinitions();
  const definitions = state.status === 'ready' ? state.definitions : NO_DEFINITIONS;
  const statusNameOf = useStatusText(definitions);
  const path = `staff/applications/${encodeURIComponent(id)}`;
  const review = useApiQuery<ReviewAnswer>(path, { api, requireData: true });
  const queryClient = useApiQueryClient(api);
  // A change reads the application again, and the queues that list it.
  const changed = () => void invalidateApiPaths(queryClient, [path, 'staff/queue']);
  if ((review.status === 'loading' && !review.data) || state.status === 'loading') return <PageLoading />;
  if (!review.data) {
    const code = review.code ?? 500;
    return (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {t('console.review.notFoundTitle')}
        </Typography>
        {code === 404 || code === 403 ? (
          <Alert severity="warning">{review.error}</Alert>
        ) : (
          <RetryAlert error={review.error} onRetry={review.refetch} />
        )}
        <Link component={RouterLink} to="/console">
          {t('console.queue.allQueues')}
        </Link>
      </Stack>
    );
  }
  const { application: data, answers } = review.data;
  const archived = state.status === 'ready' ? state.archived : [];
  const current = definitions.find((definition) => definition.key === data.service);
  const serviceId = Number(answers.service_id ?? current?.id);
  const version = answers.definition_version;
  const definition = definitionOfApplication(definitions, archived, {
    serviceId,
    version: typeof version === 'number' ? version : null,
    draft: data.status_id === STATUS.draft,
  });
  const statusText = (status: { id?: number; key?: string }) => statusNameOf(status, definition);
  const transitions = withDefinitionRows(review.data.transitions, definition, data.status_id);
  const mayWrite = mayWork(session.grants, data.service);
  const facts: Array<[string, ReactNode]> = [
    [t('console.queue.service'), data.service_title ?? definition?.title ?? data.service],
    [t('console.queue.status'), statusText({ id: data.status_id })],
    [t('console.queue.applicant'), [data.applicant?.name, data.applicant?.email].filter(Boolean).join(' · ')],
    [t('console.queue.company'), data.company],
    [t('console.queue.submitted'), formatDate(data.submitted_at)],
    [t('console.queue.assignedTo'), data.assignee ?? t('console.queue.unassigned')],
  ];

  return (
    <Stack spacing={2}>
      <Link component={RouterLink} to={`/console/services/${encodeURIComponent(data.service)}`}>
        {t('console.review.backToQueue', { service: data.service_title ?? definition?.title ?? data.service })}
      </Link>
      <Typography variant="h4" component="h1">
        {t('console.review.title', { number: data.app_id })}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={2}>
            <Section title={t('console.review.summary')}>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
                  columnGap: 2,
                  rowGap: 0.5,
                  m: 0,
                  '& dt': { fontWeight: 600 },
                  '& dd': { m: 0 },
                }}
              >
                {facts.map(([label, value]) => (
                  <Box key={label} sx={{ display: 'contents' }}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </Box>
                ))}
              </Box>
            </Section>
            <Section title={t('console.review.answers')}>
              <Answers answers={answers} definition={definition} />
            </Section>
            <Section title={t('console.review.documents')}>
              <DocumentsSection documents={review.data.documents} />
            </Section>
            <Section title={t('console.review.history')}>
              <HistorySection
                history={review.data.history}
                statusText={statusText}
                transitionText={(name) => transitionLabelOf(definition, name)}
              />
            </Section>
          </Stack>
        </Grid>
        {/* On a tablet the actions, assignment and notes come first: they are what the page is for. */}
        <Grid size={{ xs: 12, md: 4 }} sx={{ order: { xs: -1, md: 0 } }}>
          <Stack spacing={2}>
            <Section title={t('console.review.actions')}>
              <Transitions
                applicationId={data.id}
                transitions={transitions}
                statusText={statusText}
                onChanged={changed}
              />
            </Section>
            <Section title={t('console.review.assignment')}>
              <AssignmentSection
                applicationId={data.id}
                assignee={data.assignee}
                me={session.name}
                // An application no staff transition leaves from is done with: nobody takes it on.
                mayWrite={mayWrite && review.data.transitions.length > 0}
                csrfToken={session.csrfToken}
                onChanged={changed}
              />
            </Section>
            <Section title={t('console.review.notes')}>
              <NotesSection
                applicationId={data.id}
                notes={review.data.notes}
                mayWrite={mayWrite}
                csrfToken={session.csrfToken}
                onChanged={changed}
              />
            </Section>
            <Section title={t('console.hold.title')}>
              <LegalHoldSection
                applicationId={data.id}
                hold={data.legal_hold ?? null}
                mayHold={mayHold(session.grants, data.service)}
                csrfToken={session.csrfToken}
                onChanged={changed}
              />
            </Section>
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}

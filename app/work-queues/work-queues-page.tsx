/**
 * The work queues of a service (`workQueues` of its definition; the audit's at /env-audit-menu):
 * a card per queue with the client's count, and the applications of the card chosen under
 * 'Selected Service'. Counts show a loading state until they arrive, never made-up numbers.
 */
import { useState } from 'react';
import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  Grid,
  Link,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation, useApiQuery, RetryAlert } from '../../engine/react';
import { type ServiceDefinition, type WorkQueue, type WorkQueues, queuePath, serviceStatuses } from '../../engine/core';
import { useUser } from '../auth/user-store';
import { StatusChip } from '../components/status-chip';
import { SkeletonRows } from '../components/skeleton-rows';
import { applicationLinks, formatDate, type ApplicationSummary } from '../applications-list';

export function WorkQueuesPage({ definition }: { definition: ServiceDefinition & { workQueues: WorkQueues } }) {
  const { t } = useTranslation();
  const user = useUser();
  const { workQueues } = definition;
  const [chosen, setChosen] = useState<WorkQueue | null>(null);
  const counts = useApiQuery<Record<string, number>>(user ? queuePath(workQueues.counts, user.id) : null);

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {workQueues.title}
      </Typography>
      {counts.status === 'error' ? (
        <Box sx={{ mb: 2 }}>
          <RetryAlert error={counts.error} onRetry={counts.refetch} />
        </Box>
      ) : null}
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {workQueues.queues.map((queue) => {
          const selected = chosen?.key === queue.key;
          const count = counts.data?.[queue.key];
          return (
            // A row's cards are as tall as its tallest (a label on two lines), counts on one line.
            <Grid key={queue.key} size={{ xs: 6, md: 4, lg: 2.4 }} component="li" sx={{ display: 'flex' }}>
              <Card variant={selected ? 'elevation' : 'outlined'} raised={selected} sx={{ flex: 1, display: 'flex' }}>
                <CardActionArea
                  onClick={() => setChosen(queue)}
                  aria-pressed={selected}
                  sx={[{ flex: 1, display: 'flex', alignItems: 'stretch' }, selected && { bgcolor: 'action.selected' }]}
                >
                  <CardContent
                    sx={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'space-between' }}
                  >
                    <Typography variant="overline" component="h2" color="text.secondary">
                      {queue.label}
                    </Typography>
                    {typeof count === 'number' ? (
                      <Typography variant="h3" component="p" data-testid={`queue-${queue.key}-count`}>
                        {count}
                      </Typography>
                    ) : counts.status === 'error' ? (
                      <Typography variant="h3" component="p">
                        –
                      </Typography>
                    ) : (
                      <Skeleton variant="text" width={48} height={48} aria-label={t('queues.loading')} />
                    )}
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          );
        })}
      </Grid>

      <Box component="section" aria-labelledby="selected-service" sx={{ mt: 4 }}>
        <Typography id="selected-service" variant="h5" component="h2" gutterBottom>
          {t('queues.selected')}
          {chosen ? `: ${chosen.label}` : ''}
        </Typography>
        {chosen && user ? (
          <QueueApplications definition={definition} queue={chosen} clientId={user.id} />
        ) : (
          <Typography color="text.secondary">{t('queues.choose')}</Typography>
        )}
      </Box>
    </Box>
  );
}

function QueueApplications({
  definition,
  queue,
  clientId,
}: {
  definition: ServiceDefinition;
  queue: WorkQueue;
  clientId: number;
}) {
  const { t } = useTranslation();
  const list = useApiQuery<ApplicationSummary[]>(queuePath(queue.path, clientId));
  if (list.status === 'error') return <RetryAlert error={list.error} onRetry={list.refetch} />;
  const items = list.data ?? [];
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={queue.label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('dashboard.columns.id')}</TableCell>
            <TableCell>{t('dashboard.columns.dateSubmitted')}</TableCell>
            <TableCell>{t('dashboard.columns.status')}</TableCell>
            <TableCell>{t('dashboard.columns.action')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.status !== 'success' ? (
            <SkeletonRows rows={3} columns={4} />
          ) : items.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4}>{t('queues.empty')}</TableCell>
            </TableRow>
          ) : (
            items.map((application) => (
              <TableRow key={application.id}>
                <TableCell>{application.app_id || application.id}</TableCell>
                <TableCell>{formatDate(application.submitted_at ?? application.created_at)}</TableCell>
                <TableCell>
                  <StatusChip application={application} statuses={serviceStatuses(definition)} />
                </TableCell>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={applicationLinks(application, [definition]).view ?? definition.routes.view}
                    aria-label={t('dashboard.viewApplication', { id: application.app_id || application.id })}
                  >
                    {t('dashboard.view')}
                  </Link>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

import { useState } from 'react';
import {
  Box,
  Button,
  Card,
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
import { TablePager } from '../components/table-pager';
import { usePhoneLayout } from '../components/use-phone-layout';
import { useTranslation, useApiQuery, RetryAlert } from '../../engine/react';
import { useUser } from '../auth/user-store';
import { StatusChip } from '../components/status-chip';
import { useDefinitions } from '../definitions-context';
import { servicesWithQueues, serviceStatuses, type ServiceDefinition } from '../../engine/core';
import { DefinitionProblems } from './definition-problems';
import { SkeletonRows } from '../components/skeleton-rows';
import { DocumentLinks } from './document-links';
import { DraftOffer } from './draft-offer';

import {
  applicationLinks,
  applicationsPath,
  definitionOfRow,
  formatDate,
  serviceTitle,
  statisticsPath,
  type ApplicationSummary,
  type ApplicationsPage,
  type Statistics,
} from '../applications-list';

/** Default page size until the server says otherwise (spec 01 section 9). */
export const DEFAULT_PAGE_SIZE = 25;

const CARDS: Array<{ key: keyof Statistics; label: string }> = [
  { key: 'all_applications', label: 'dashboard.submitted' },
  { key: 'processing', label: 'dashboard.processing' },
  { key: 'approved', label: 'dashboard.approved' },
  { key: 'rejected', label: 'dashboard.rejected' },
];

/** The dashboard: status counts, custom dashboards and the client's applications. */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useUser();
  const clientId = user?.id;
  const definitionsState = useDefinitions();
  const definitions = definitionsState.status === 'ready' ? definitionsState.definitions : [];
  const [page, setPage] = useState(1);
  // On a phone the rows are cards: a five-column table would hide Status and View off-screen.
  const phone = usePhoneLayout();

  const statistics = useApiQuery<Statistics>(clientId === undefined ? null : statisticsPath(clientId), {
    requireData: true,
  });
  // The current page stays on screen while the next one loads.
  const applications = useApiQuery<ApplicationsPage>(clientId === undefined ? null : applicationsPath(clientId, page), {
    requireData: true,
    keepPrevious: true,
  });
  const stats = statistics.data ?? null;
  const statsError = statistics.error;
  const list = applications.data ?? null;
  const listLoading = applications.status === 'loading' || applications.status === 'idle';
  const listError = applications.error;

  const perPage = list?.per_page || DEFAULT_PAGE_SIZE;

  return (
    <Box>
      <Typography variant="h1" gutterBottom>
        {t('dashboard.title')}
      </Typography>
      {definitionsState.status === 'problems' && <DefinitionProblems problems={definitionsState.problems} />}

      <Box component="section" aria-label={t('dashboard.statistics')} sx={{ mb: 4 }}>
        {statsError && (
          <Box sx={{ mb: 2 }}>
            <RetryAlert error={statsError} onRetry={statistics.refetch} />
          </Box>
        )}
        <Grid container spacing={2}>
          {CARDS.map((card) => (
            <Grid key={card.key} size={{ xs: 6, lg: 3 }}>
              <Card component="article" aria-labelledby={`stat-${card.key}`}>
                <CardContent>
                  <Typography id={`stat-${card.key}`} variant="overline" component="h2" color="text.secondary">
                    {t(card.label)}
                  </Typography>
                  {stats ? (
                    <Typography variant="h3" component="p" data-testid={`stat-${card.key}-value`}>
                      {stats[card.key]}
                    </Typography>
                  ) : statsError ? (
                    <Typography variant="h3" component="p">
                      –
                    </Typography>
                  ) : (
                    <Skeleton variant="text" width={60} height={40} />
                  )}
                  <Typography variant="caption" color="text.secondary">
                    {t('dashboard.inTotal')}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Box>

      {/* Drafts are not applications of the table or the counts: they are offered on their own. */}
      <DraftOffer definitions={definitions} />

      <Box component="section" aria-labelledby="custom-dashboards-title" sx={{ mb: 4 }}>
        <Typography id="custom-dashboards-title" variant="h2" gutterBottom>
          {t('dashboard.customDashboards')}
        </Typography>
        {/* The services' own dashboards: the page of each service's work queues (service.json). */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, minHeight: '1.5em' }}>
          {servicesWithQueues(definitions).map(({ definition, workQueues }) => (
            <Link key={definition.key} component={RouterLink} to={workQueues.route}>
              {workQueues.dashboardLink ?? workQueues.title}
            </Link>
          ))}
        </Box>
      </Box>

      <Box component="section" aria-labelledby="applications-title">
        <Typography id="applications-title" variant="h2" gutterBottom>
          {t('dashboard.yourApplications')}
        </Typography>
        {listError && (
          <Box sx={{ mb: 2 }}>
            <RetryAlert error={listError} onRetry={applications.refetch} />
          </Box>
        )}
        {!listLoading && list && list.total === 0 ? (
          <NoApplicationsYet />
        ) : (
          <Paper>
            {phone ? (
              <ApplicationCards
                applications={list?.items ?? []}
                loading={listLoading && !list}
                definitions={definitions}
              />
            ) : (
              <TableContainer>
                <Table aria-labelledby="applications-title">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('dashboard.columns.id')}</TableCell>
                      <TableCell>{t('dashboard.columns.type')}</TableCell>
                      <TableCell>{t('dashboard.columns.dateSubmitted')}</TableCell>
                      <TableCell>{t('dashboard.columns.status')}</TableCell>
                      <TableCell>{t('dashboard.columns.action')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {listLoading && !list ? (
                      <SkeletonRows rows={3} columns={5} />
                    ) : (
                      (list?.items ?? []).map((application) => {
                        return (
                          <TableRow key={application.id}>
                            <TableCell>{application.app_id || application.id}</TableCell>
                            <TableCell>{serviceTitle(application, definitions)}</TableCell>
                            <TableCell>{formatDate(application.submitted_at ?? application.created_at)}</TableCell>
                            <TableCell>
                              <StatusChip
                                application={application}
                                statuses={serviceStatuses(definitionOfRow(application, definitions))}
                              />
                            </TableCell>
                            <TableCell>
                              <ApplicationActions application={application} definitions={definitions} />
                            </TableCell>
                          </TableRow>
                        );
                      })
                    )}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            <TablePager
              count={list?.total ?? 0}
              page={Math.max(0, (list?.page ?? page) - 1)}
              rowsPerPage={perPage}
              onPageChange={(next) => setPage(next + 1)}
              label={({ from, to, count }) => t('dashboard.displayedRows', { from, to, count })}
            />
          </Paper>
        )}
      </Box>
    </Box>
  );
}

/** What a newcomer sees instead of an empty table: where to start. */
function NoApplicationsYet() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="h3" component="p" gutterBottom>
        {t('dashboard.noApplications')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('dashboard.startHint')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button component={RouterLink} to="/services" variant="contained">
          {t('dashboard.browseServices')}
        </Button>
        <Link component={RouterLink} to="/companies">
          {t('dashboard.registerCompany')}
        </Link>
      </Box>
    </Paper>
  );
}

/** The links of one application: View, Edit when returned, and the documents its service's actions filed. */
function ApplicationActions({
  application,
  definitions,
}: {
  application: ApplicationSummary;
  definitions: ServiceDefinition[];
}) {
  const { t } = useTranslation();
  const links = applicationLinks(application, definitions);
  const id = application.app_id || application.id;
  return (
    <>
      {links.view && (
        <Link component={RouterLink} to={links.view} aria-label={t('dashboard.viewApplication', { id })}>
          {t('dashboard.view')}
        </Link>
      )}
      {links.edit && (
        <Link component={RouterLink} to={links.edit} sx={{ ml: 2 }} aria-label={t('dashboard.editApplication', { id })}>
          {t('dashboard.edit')}
        </Link>
      )}
      <DocumentLinks application={application} definition={definitionOfRow(application, definitions)} />
    </>
  );
}

/** The applications as a list of cards (phones): number and status, service, date, links. */
function ApplicationCards({
  applications,
  loading,
  definitions,
}: {
  applications: ApplicationSummary[];
  loading: boolean;
  definitions: ServiceDefinition[];
}) {
  const { t } = useTranslation();
  if (loading) return <Skeleton variant="rectangular" height={120} sx={{ m: 2 }} />;
  return (
    <Box component="ul" aria-labelledby="applications-title" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {applications.map((application) => (
        <Box component="li" key={application.id} sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <Typography component="p" sx={{ fontWeight: 600 }}>
              {application.app_id || application.id}
            </Typography>
            <StatusChip
              application={application}
              statuses={serviceStatuses(definitionOfRow(application, definitions))}
            />
          </Box>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{serviceTitle(application, definitions)}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('dashboard.columns.dateSubmitted')}: {formatDate(application.submitted_at ?? application.created_at)}
          </Typography>
          <ApplicationActions application={application} definitions={definitions} />
        </Box>
      ))}
    </Box>
  );
}

/**
 * `/console` (every service the signed-in person may read) and `/console/services/:service` (one
 * service's): the applications waiting for the authority. Filters, sort and page live in the address
 * (queue-filters.ts); counts per status are chips that filter; the export links carry the same
 * filters and the interface language. Below 900 px the applicant and company share a column, as do
 * the number and the service, so the table fits a tablet held upright.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Link,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { mayView, type ServiceDefinition } from '../../engine/core';
import { RetryAlert, useApiQuery, useTranslation, TextInput } from '../../engine/react';
import { SkeletonRows } from '../components/skeleton-rows';
import { TablePager } from '../components/table-pager';
import { formatDate } from '../applications-list';
import { useDefinitions } from '../definitions-context';
import { useStaffSession } from './console-gate';
import { definitionsByKey, statusChoices, useStatusText } from './console-statuses';
import type { QueueAnswer, QueueItem } from './console-types';
import {
  changeFilters,
  exportPath,
  nextSort,
  QUEUE_PAGE_SIZE,
  queuePath,
  readFilters,
  writeFilters,
  type QueueFilters,
  type SortColumn,
} from './queue-filters';
import { useStaffApi } from './staff-api';

const NO_DEFINITIONS: ServiceDefinition[] = [];

/** The texts typed into the search form, applied (written to the address) when it is sent. */
function SearchForm({ filters, onApply }: { filters: QueueFilters; onApply: (change: Partial<QueueFilters>) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState(filters.q);
  const [assignee, setAssignee] = useState(filters.assignee);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ q: q.trim(), assignee: assignee.trim() });
  };
  return (
    <Box component="form" role="search" aria-label={t('console.queue.searchLabel')} onSubmit={submit}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextInput
          size="small"
          label={t('console.queue.search')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          sx={{ flex: 2 }}
        />
        <TextInput
          size="small"
          label={t('console.queue.assignee')}
          value={assignee}
          onChange={(event) => setAssignee(event.target.value)}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="outlined">
          {t('console.queue.apply')}
        </Button>
      </Stack>
    </Box>
  );
}

function QueueFiltersBar({
  filters,
  services,
  fixedService,
  onChange,
  statusText,
  definitions,
}: {
  filters: QueueFilters;
  services: readonly ServiceDefinition[];
  fixedService: string | undefined;
  onChange: (change: Partial<QueueFilters>) => void;
  statusText: ReturnType<typeof useStatusText>;
  definitions: readonly ServiceDefinition[];
}) {
  const { t } = useTranslation();
  const statuses = statusChoices(
    fixedService ? services.filter((service) => service.key === fixedService) : definitions,
  );
  return (
    <Stack spacing={1.5}>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          alignItems: 'center',
        }}
      >
        {fixedService ? null : (
          <TextField
            select
            size="small"
            label={t('console.queue.service')}
            value={filters.service}
            onChange={(event) => onChange({ service: event.target.value, status: '' })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('console.queue.allServices')}</MenuItem>
            {services.map((service) => (
              <MenuItem key={service.key} value={service.key}>
                {service.title}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          size="small"
          label={t('console.queue.status')}
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('console.queue.allStatuses')}</MenuItem>
          {statuses.map((status) => (
            <MenuItem key={status.key} value={status.key}>
              {statusText({ key: status.key })}
            </MenuItem>
          ))}
        </TextField>
        <TextInput
          size="small"
          type="date"
          label={t('console.queue.from')}
          value={filters.from}
          onChange={(event) => onChange({ from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextInput
          size="small"
          type="date"
          label={t('console.queue.to')}
          value={filters.to}
          onChange={(event) => onChange({ to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <SearchForm key={`${filters.q}\u0000${filters.assignee}`} filters={filters} onApply={onChange} />
      <FormControlLabel
        control={<Checkbox checked={filters.mine} onChange={(event) => onChange({ mine: event.target.checked })} />}
        label={t('console.queue.mine')}
      />
    </Stack>
  );
}

function StatusCounts({
  answer,
  filters,
  onChange,
  statusText,
}: {
  answer: QueueAnswer | undefined;
  filters: QueueFilters;
  onChange: (change: Partial<QueueFilters>) => void;
  statusText: ReturnType<typeof useStatusText>;
}) {
  const { t } = useTranslation();
  if (!answer) return null;
  const all = answer.counts.reduce((sum, count) => sum + count.count, 0);
  // A status with no application has no tab: then no tab is the chosen one.
  const chosen = filters.status === '' || answer.counts.some((count) => count.status_key === filters.status);
  return (
    <Tabs
      value={chosen ? filters.status : false}
      onChange={(_event, status: string) => onChange({ status })}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={t('console.queue.counts')}
    >
      <Tab value="" label={t('console.queue.countAll', { n: all })} />
      {answer.counts.map((count) => (
        <Tab
          key={count.status_key}
          value={count.status_key}
          label={t('console.queue.countOf', {
            status: statusText({ id: count.status_id, key: count.status_key }),
            n: count.count,
          })}
        />
      ))}
    </Tabs>
  );
}

function SortHeader({
  column,
  filters,
  onChange,
  children,
}: {
  column: SortColumn;
  filters: QueueFilters;
  onChange: (change: Partial<QueueFilters>) => void;
  children: string;
}) {
  const active = filters.sort === column || filters.sort === `-${column}`;
  const direction = filters.sort.startsWith('-') ? 'desc' : 'asc';
  return (
    <TableCell sortDirection={active ? direction : false}>
      <TableSortLabel
        active={active}
        direction={active ? direction : column === 'submitted' ? 'desc' : 'asc'}
        onClick={() => onChange({ sort: nextSort(filters.sort, column) })}
      >
        {children}
      </TableSortLabel>
    </TableCell>
  );
}

function QueueRow({
  item,
  compact,
  showService,
  statusText,
  byKey,
}: {
  item: QueueItem;
  compact: boolean;
  showService: boolean;
  statusText: ReturnType<typeof useStatusText>;
  byKey: Map<string, ServiceDefinition>;
}) {
  const { t } = useTranslation();
  const number = (
    <Link component={RouterLink} to={`/console/applications/${item.id}`}>
      {item.app_id}
    </Link>
  );
  const status = (
    <Typography variant="body2">
      {statusText({ id: item.status_id, key: item.status_key }, byKey.get(item.service))}
    </Typography>
  );
  const assignee = item.assignee ?? (
    <Typography variant="body2" color="text.secondary">
      {t('console.queue.unassigned')}
    </Typography>
  );
  if (compact)
    return (
      <TableRow hover>
        <TableCell>
          {number}
          {showService ? (
            <Typography variant="body2" color="text.secondary">
              {item.service_title}
            </Typography>
          ) : null}
        </TableCell>
        <TableCell>
          {item.applicant}
          {item.company ? (
            <Typography variant="body2" color="text.secondary">
              {item.company}
            </Typography>
          ) : null}
        </TableCell>
        <TableCell>{status}</TableCell>
        <TableCell>{formatDate(item.submitted_at)}</TableCell>
        <TableCell>{assignee}</TableCell>
      </TableRow>
    );
  return (
    <TableRow hover>
      <TableCell>{number}</TableCell>
      {showService ? <TableCell>{item.service_title}</TableCell> : null}
      <TableCell>{item.applicant}</TableCell>
      <TableCell>{item.company}</TableCell>
      <TableCell>{status}</TableCell>
      <TableCell>{formatDate(item.submitted_at)}</TableCell>
      <TableCell>{assignee}</TableCell>
    </TableRow>
  );
}

/** The queue of every service the person may read, or of the one in the address. */
export function QueuePage() {
  const { t, i18n } = useTranslation();
  const api = useStaffApi();
  const session = useStaffSession();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('md'));
  const { service: fixedService } = useParams();
  // The filters live in the address: read from its query, written by moving to a new one (a history
  // entry, as a link would). Not React Router's useSearchParams, whose code every page's entry would carry.
  const { search } = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => readFilters(new URLSearchParams(search)), [search]);
  const state = useDefinitions();
  const definitions = state.status === 'ready' ? state.definitions : NO_DEFINITIONS;
  const byKey = useMemo(() => definitionsByKey(definitions), [definitions]);
  const services = useMemo(
    () => definitions.filter((definition) => mayView(session.grants, definition.key)),
    [definitions, session.grants],
  );
  const statusText = useStatusText(definitions);
  const path = queuePath(filters, fixedService);
  const queue = useApiQuery<QueueAnswer>(path, { api, keepPrevious: true, requireData: true });
  const change = (next: Partial<QueueFilters>) =>
    void navigate(`?${writeFilters(changeFilters(filters, next)).toString()}`);
  const showService = !fixedService;
  const columns = compact ? 5 : showService ? 7 : 6;
  const title = fixedService ? (byKey.get(fixedService)?.title ?? fixedService) : t('console.queue.title');
  const language = i18n.resolvedLanguage ?? 'en';

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {fixedService ? (
        <Link component={RouterLink} to="/console">
          {t('console.queue.allQueues')}
        </Link>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('console.queue.filters')}>
        <QueueFiltersBar
          filters={filters}
          services={services}
          fixedService={fixedService}
          onChange={change}
          statusText={statusText}
          definitions={definitions}
        />
      </Paper>
      <StatusCounts answer={queue.data} filters={filters} onChange={change} statusText={statusText} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          size="small"
          href={api.url(exportPath(filters, fixedService, 'csv', language))}
          download
        >
          {t('console.queue.exportCsv')}
        </Button>
        <Button
          variant="outlined"
          size="small"
          href={api.url(exportPath(filters, fixedService, 'json', language))}
          download
        >
          {t('console.queue.exportJson')}
        </Button>
      </Stack>
      {queue.status === 'error' ? <RetryAlert error={queue.error} onRetry={queue.refetch} /> : null}
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={title} aria-busy={queue.isFetching}>
            <TableHead>
              <TableRow>
                <SortHeader column="number" filters={filters} onChange={change}>
                  {t('console.queue.number')}
                </SortHeader>
                {showService && !compact ? (
                  <SortHeader column="service" filters={filters} onChange={change}>
                    {t('console.queue.service')}
                  </SortHeader>
                ) : null}
                <TableCell>{compact ? t('console.queue.applicantCompany') : t('console.queue.applicant')}</TableCell>
                {compact ? null : <TableCell>{t('console.queue.company')}</TableCell>}
                <SortHeader column="status" filters={filters} onChange={change}>
                  {t('console.queue.status')}
                </SortHeader>
                <SortHeader column="submitted" filters={filters} onChange={change}>
                  {t('console.queue.submitted')}
                </SortHeader>
                <TableCell>{t('console.queue.assignedTo')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {queue.status === 'loading' && !queue.data ? <SkeletonRows rows={5} columns={columns} /> : null}
              {queue.data?.items.map((item) => (
                <QueueRow
                  key={item.id}
                  item={item}
                  compact={compact}
                  showService={showService}
                  statusText={statusText}
                  byKey={byKey}
                />
              ))}
              {queue.data && queue.data.items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={columns}>
                    <Typography sx={{ py: 2, textAlign: 'center' }}>{t('console.queue.empty')}</Typography>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        {queue.data && queue.data.total > 0 ? (
          <TablePager
            count={queue.data.total}
            page={filters.page - 1}
            rowsPerPage={QUEUE_PAGE_SIZE}
            onPageChange={(page) => change({ page: page + 1 })}
            label={(rows) => t('console.queue.rows', rows)}
          />
        ) : null}
      </Paper>
    </Stack>
  );
}

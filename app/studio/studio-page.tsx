/**
 * /studio: the analyst's view of every service as it is on disk now (server/routes/studio.ts). Pick a
 * service, a form and one of its fixtures (or type form data), and see its information page, step 1's
 * form, the documents step, the confirm step and the view as the portal's own components draw them
 * (with validators the studio's API makes from the files on disk: studio-validators.ts), the fields
 * step 1 shows, the exact calls a submit sends, the errors in every language against those the
 * fixture expects, and the problems of the definitions with their file and JSON pointer. The page reads again whenever a file under
 * services/ or fixtures/ changes (it watches the server's revision), without a reload.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient, ServiceDefinition, DefinitionProblem, UploadSlot } from '../../engine/core';
import {
  ReadOnlyApplication,
  ConfirmStep,
  chosenFile,
  DocumentsStep,
  type AttachmentsState,
  useTranslation,
  ListTable,
  ServiceForm,
  ServiceValidatorsContext,
  useApiQueryClient,
} from '../../engine/react';
import { API_BASE, createAppApi } from '../api';
import { ApiProviders } from '../backend/api-providers';
import { LANGUAGES } from '../i18n/languages';
import { ServiceInfoPage } from '../pages/service-info-page';
import { studioValidators } from './studio-validators';

type Data = Record<string, unknown>;

interface StudioForm {
  key: string;
  variant: string | null;
  definition: ServiceDefinition;
  /** Address (under the API base) of the module of its validators as they are on disk now. */
  validator: string;
  fixtures: { valid: Array<[string, Data]>; invalid: Array<[string, { data: Data; expect: FieldError[] }]> };
  /**
   * Each fixture (`valid/<file>`, `invalid/<file>`) as the conformance suite judges it, by the server
   * (engine/core/node/judge-fixtures.ts): its errors in English and whether they are those expected.
   */
  judgements: Array<{ fixture: string; errors: FieldError[]; agrees: boolean }>;
}

export interface StudioService {
  key: string;
  id: number;
  title: string;
  version: number;
  /** Earlier versions kept for the applications submitted under them. */
  kept: number[];
  /** Versions reached by a record migration. */
  migrations: number[];
  forms: StudioForm[];
}

interface FieldError {
  field: string;
  message: string;
}

interface StudioCheck {
  fields: Array<{ name: string; title: string; widget: string | null; required: boolean }>;
  errors: FieldError[];
  uploads: UploadSlot[];
  summary: Array<{ label: string; value: string }>;
  view: {
    rows: Array<{ label: string; value: string }>;
    tables: Array<{ title: string; columns: string[]; rows: string[][] }>;
  };
  requests: Array<{ name: string; method: string; path: string; body: unknown }>;
}

const KEY_STORAGE = 'studio-staff-key';
const REVISION_POLL_MS = 1500;
const CUSTOM = 'custom';
/** The authority's list is already in the slots the studio's API answers. */
const READY: AttachmentsState = { status: 'ready', items: [] };

/** The tabs drawn from the server's check (step 1's list, documents, confirm, calls, messages). */
const CHECKED_TABS: readonly number[] = [1, 2, 3, 5, 6];

/** The studio's API client: the staff key as bearer when the studio asks for one. */
function useStudioApi(staffKey: string): ApiClient {
  return useMemo(() => createAppApi({ getToken: () => staffKey || null, onUnauthorized: () => undefined }), [staffKey]);
}

export function StudioPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const [staffKey, setStaffKey] = useState(() => sessionStorage.getItem(KEY_STORAGE) ?? '');
  const api = useStudioApi(staffKey);
  const staffToken = useCallback(() => staffKey || null, [staffKey]);
  const [access, setAccess] = useState<'loading' | 'ok' | 'off' | 'key' | 'error'>('loading');
  const [accessError, setAccessError] = useState('');
  const [services, setServices] = useState<StudioService[]>([]);
  const [problems, setProblems] = useState<DefinitionProblem[]>([]);
  const [revision, setRevision] = useState('');

  useEffect(() => {
    let live = true;
    void api.get<{ mode: string }>('studio/access').then((answer) => {
      if (!live) return;
      if (answer.ok) setAccess('ok');
      else if (answer.code === 404) setAccess('off');
      else if (answer.code === 401) {
        setAccess('key');
        setAccessError(staffKey ? answer.error : '');
      } else {
        setAccess('error');
        setAccessError(answer.error);
      }
    });
    return () => {
      live = false;
    };
  }, [api, staffKey]);

  // Reads the services again whenever the files change on disk (or the language changes). The next
  // look is planned once the last one answered: a slow server is never asked again before it answers.
  useEffect(() => {
    if (access !== 'ok') return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const answer = await api.get<{ revision: string }>('studio/revision');
      if (!live) return;
      if (answer.ok) setRevision(answer.data.revision);
      timer = setTimeout(() => void poll(), REVISION_POLL_MS);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, access]);
  useEffect(() => {
    if (access !== 'ok' || !revision) return;
    let live = true;
    void api
      .get<{ services: StudioService[]; problems: DefinitionProblem[] }>(
        `studio/services?language=${encodeURIComponent(language)}`,
      )
      .then((answer) => {
        if (!live || !answer.ok) return;
        setServices(answer.data.services);
        setProblems(answer.data.problems);
      });
    return () => {
      live = false;
    };
  }, [api, access, revision, language]);

  const signIn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const key = String(new FormData(event.currentTarget).get('key') ?? '').trim();
    sessionStorage.setItem(KEY_STORAGE, key);
    setStaffKey(key);
  };

  return (
    <Box component="section" aria-labelledby="studio-title" sx={{ py: 3, px: { xs: 2, md: 4 } }}>
      <Typography id="studio-title" variant="h1" gutterBottom>
        {t('studio.title')}
      </Typography>
      {access === 'off' && <Alert severity="info">{t('studio.off')}</Alert>}
      {access === 'error' && <Alert severity="error">{accessError}</Alert>}
      {access === 'key' && (
        <Box component="form" onSubmit={signIn} sx={{ maxWidth: 480 }}>
          {accessError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {accessError}
            </Alert>
          )}
          <TextField name="key" label={t('studio.staffKey')} type="password" fullWidth autoComplete="off" />
          <Button type="submit" variant="contained" sx={{ mt: 2 }}>
            {t('studio.signIn')}
          </Button>
        </Box>
      )}
      {access === 'ok' && (
        <ApiProviders api={api} getToken={staffToken}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('studio.intro')}
          </Typography>
          <Problems problems={problems} />
          <StudioWorkbench api={api} services={services} revision={revision} />
        </ApiProviders>
      )}
    </Box>
  );
}

function Problems({ problems }: { problems: readonly DefinitionProblem[] }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="studio-problems" sx={{ mb: 3 }}>
      <Typography id="studio-problems" variant="h2" gutterBottom>
        {t('studio.problems')}
      </Typography>
      {problems.length === 0 ? (
        <Typography>{t('studio.noProblems')}</Typography>
      ) : (
        <Alert severity="error">
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {problems.map((problem, index) => (
              <li key={index}>
                <code>
                  services/{problem.file}#{problem.pointer}
                </code>
                : {problem.message}
              </li>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}

/**
 * The studio's workbench: a service, form and data picked, and what the portal and the server make of
 * them, tab by tab. Exported for its component test.
 */
export function StudioWorkbench({
  api,
  services,
  revision,
}: {
  api: ApiClient;
  services: StudioService[];
  revision: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const [serviceKey, setServiceKey] = useState('');
  const [formKey, setFormKey] = useState('');
  const [fixture, setFixture] = useState('');
  const [text, setText] = useState('{}');
  const [tab, setTab] = useState(0);
  const queryClient = useApiQueryClient(api);

  // The live form's validators: the modules the studio's API makes from the files on disk now.
  const validators = useMemo(
    () =>
      studioValidators(
        Object.fromEntries(services.flatMap((s) => s.forms.map((f) => [f.key, f.validator]))),
        language,
        API_BASE,
      ),
    [services, language],
  );
  // The live form owns its data once shown: it starts again when the data comes from elsewhere (a
  // fixture, the JSON box, a change on disk), not when it is the form's own typing.
  const fromForm = useRef<string | null>(null);
  // Files chosen on the documents step (nothing is uploaded), and those a slot refused.
  const [files, setFiles] = useState<Record<string, File>>({});
  const [refused, setRefused] = useState<Record<string, string>>({});
  // Names of the options the live form's lists loaded (field -> id -> name), for the confirm step.
  const [optionNames, setOptionNames] = useState<Record<string, Record<string, string>>>({});
  const [formStart, setFormStart] = useState(0);

  const service = services.find((s) => s.key === serviceKey) ?? services[0];
  const form = service?.forms.find((f) => f.key === formKey) ?? service?.forms[0];
  const fixtures = useMemo(
    () => [
      ...(form?.fixtures.valid ?? []).map(([name, data]) => ({
        id: `valid/${name}`,
        name,
        data,
        expect: [] as FieldError[],
      })),
      ...(form?.fixtures.invalid ?? []).map(([name, invalid]) => ({
        id: `invalid/${name}`,
        name,
        data: invalid.data,
        expect: invalid.expect,
      })),
    ],
    [form],
  );
  const chosen = fixtures.find((f) => f.id === fixture);

  // A fixture chosen (or changed on disk) fills the data; a typed change makes it "custom".
  const lastFilled = useRef('');
  useEffect(() => {
    if (!chosen) return;
    const filled = JSON.stringify(chosen.data, null, 2);
    if (filled === lastFilled.current) return;
    lastFilled.current = filled;
    setText(filled);
  }, [chosen]);
  useEffect(() => {
    if (!fixture && fixtures[0]) setFixture(fixtures[0].id);
  }, [fixture, fixtures]);

  const parsed = useMemo((): { data?: Data; error?: string } => {
    try {
      const value = JSON.parse(text) as unknown;
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? { data: value as Data }
        : { error: 'an object is expected' };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }, [text]);

  // What the server makes of the data in every language. Keyed by service, form, disk revision and
  // data, with no placeholder: while another service's (or form's, or data's) answer is read, the tabs
  // show that it is loading, never the answer of what was on screen before.
  const checkQuery = useQuery(
    {
      queryKey: ['studio-check', service?.key, form?.key, revision, parsed.data ?? null],
      enabled: Boolean(service && form && parsed.data),
      queryFn: async (): Promise<Record<string, StudioCheck>> => {
        const results = await Promise.all(
          LANGUAGES.map(async ({ code }) => {
            const answer = await api.post<StudioCheck>('studio/check', {
              service: service?.key,
              form: form?.key,
              data: parsed.data,
              language: code,
            });
            return [code, answer.ok ? answer.data : undefined] as const;
          }),
        );
        const answered: Record<string, StudioCheck> = {};
        for (const [code, result] of results) if (result) answered[code] = result;
        return answered;
      },
    },
    queryClient,
  );
  const checks = checkQuery.data ?? {};
  const checking = checkQuery.isPending && checkQuery.fetchStatus !== 'idle';

  useEffect(() => {
    if (text !== fromForm.current) setFormStart((count) => count + 1);
  }, [text, revision, form?.key]);
  // Files and option names belong to the form they were chosen in.
  useEffect(() => {
    setFiles({});
    setRefused({});
    setOptionNames({});
  }, [form?.key]);

  if (!service || !form) return null;
  const check = checks[language] ?? checks.en;
  const english = checks.en;
  // A fixture as its file says is judged as the conformance suite judges it (the server's judgement);
  // typed data makes it no fixture's.
  const judgement = chosen ? form.judgements.find((j) => j.fixture === chosen.id) : undefined;
  const expectationMet = judgement?.agrees ?? false;

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          select
          label={t('studio.service')}
          value={service.key}
          onChange={(e) => {
            setServiceKey(e.target.value);
            setFormKey('');
            setFixture('');
          }}
          sx={{ minWidth: 280 }}
        >
          {services.map((s) => (
            <MenuItem key={s.key} value={s.key}>
              {s.title} ({s.id})
            </MenuItem>
          ))}
        </TextField>
        {service.forms.length > 1 && (
          <TextField
            select
            label={t('studio.form')}
            value={form.key}
            onChange={(e) => {
              setFormKey(e.target.value);
              setFixture('');
            }}
            sx={{ minWidth: 200 }}
          >
            {service.forms.map((f) => (
              <MenuItem key={f.key} value={f.key}>
                {f.variant ?? f.key}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          label={t('studio.fixture')}
          value={fixture || CUSTOM}
          onChange={(e) => setFixture(e.target.value)}
          sx={{ minWidth: 320 }}
        >
          {fixtures.map((f) => (
            <MenuItem key={f.id} value={f.id}>
              {f.name} ({f.id.startsWith('valid/') ? t('studio.valid') : t('studio.invalid')})
            </MenuItem>
          ))}
          <MenuItem value={CUSTOM}>—</MenuItem>
        </TextField>
      </Stack>

      <Typography color="text.secondary">
        {t('studio.version', { version: service.version })}
        {service.kept.length > 0 ? ` · ${t('studio.kept', { versions: service.kept.join(', ') })}` : ''}
        {service.migrations.length > 0
          ? ` · ${t('studio.migrations', { versions: service.migrations.join(', ') })}`
          : ''}
      </Typography>

      <TextField
        label={t('studio.data')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          // Typed data is no fixture's (a fixture is chosen again only when the service or form changes).
          setFixture(CUSTOM);
          lastFilled.current = '';
        }}
        multiline
        minRows={6}
        maxRows={16}
        fullWidth
        error={Boolean(parsed.error)}
        helperText={parsed.error ? t('studio.badJson', { error: parsed.error }) : undefined}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />

      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_e, value: number) => setTab(value)}
          variant="scrollable"
          aria-label={t('studio.title')}
        >
          {['info', 'step1', 'step2', 'step3', 'view', 'calls', 'messages'].map((key) => (
            <Tab key={key} label={t(`studio.${key}`)} />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 2, md: 3 } }} aria-busy={checking && CHECKED_TABS.includes(tab)}>
          {tab === 0 && <ServiceInfoPage definition={form.definition} />}
          {checking && CHECKED_TABS.includes(tab) && (
            <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
              <CircularProgress aria-label={t('common.loading')} />
            </Box>
          )}
          {tab === 1 && (
            <Stack spacing={2}>
              <Typography variant="h3" component="h2">
                {t('studio.liveForm')}
              </Typography>
              <ServiceValidatorsContext.Provider value={validators}>
                <ServiceForm
                  key={formStart}
                  definition={form.definition}
                  api={api}
                  clientId={0}
                  idPrefix="studio"
                  initialData={parsed.data ?? {}}
                  onOptionNames={(field, names) =>
                    setOptionNames((known) => ({ ...known, [field]: { ...known[field], ...names } }))
                  }
                  onChange={(data) => {
                    const typed = JSON.stringify(data, null, 2);
                    if (typed === text) return;
                    fromForm.current = typed;
                    setText(typed);
                    setFixture(CUSTOM);
                    lastFilled.current = '';
                  }}
                />
              </ServiceValidatorsContext.Provider>
            </Stack>
          )}
          {tab === 1 && check && (
            <Stack spacing={2}>
              <ListTable
                label={t('studio.step1')}
                columns={[t('studio.field'), t('studio.widget'), t('studio.required')]}
                rows={check.fields.map((f) => [
                  `${f.title} (${f.name})`,
                  f.widget ?? '',
                  f.required ? t('studio.required') : t('studio.optional'),
                ])}
              />
              <Errors errors={check.errors} />
            </Stack>
          )}
          {tab === 2 && check && (
            // The wizard's own documents step: choose a file to see whether a slot takes it.
            <DocumentsStep
              attachments={READY}
              onRetry={() => undefined}
              slots={check.uploads}
              files={files}
              missing={[]}
              refused={refused}
              existing={[]}
              editing={false}
              templates={form.definition.documents.templates}
              templateUrl={(file) => api.url(`service/templates/${form.definition.id}/${encodeURIComponent(file)}`)}
              onChoose={(slot, event) => {
                const chosen = chosenFile(slot, event);
                if (!chosen) return;
                setFiles(({ [slot.name]: _old, ...rest }) =>
                  chosen.accepted ? { ...rest, [slot.name]: chosen.file } : rest,
                );
                setRefused(({ [slot.name]: _old, ...rest }) =>
                  chosen.accepted ? rest : { ...rest, [slot.name]: chosen.file.name },
                );
              }}
              onRemove={(name) => setFiles(({ [name]: _old, ...rest }) => rest)}
            />
          )}
          {tab === 3 && check && parsed.data && (
            // The wizard's own confirm step, with the live validators (which conditional answers it lists).
            <ServiceValidatorsContext.Provider value={validators}>
              <ConfirmStep
                definition={form.definition}
                formData={parsed.data}
                optionNames={optionNames}
                slots={check.uploads}
                files={{}}
                progress={{}}
                working={false}
                {...(form.variant && service.forms.length > 1
                  ? { choice: { label: form.definition.variants?.label ?? t('studio.form'), value: form.variant } }
                  : {})}
              />
            </ServiceValidatorsContext.Provider>
          )}
          {tab === 4 && parsed.data && (
            // The view's own answers as the applicant and the authority read them once submitted.
            <ReadOnlyApplication
              definition={form.definition}
              {...(service.forms.length > 1 ? { choice: form.definition.variants?.label } : {})}
              application={{ id: 0, app_id: '', application_status_id: 2, [form.definition.view.record]: parsed.data }}
              attachments={Object.entries(files).map(([name, file]) => ({
                description: name,
                name: file.name,
                path: '',
              }))}
              onDownload={() => undefined}
            />
          )}
          {tab === 5 && check && (
            <Box component="pre" sx={{ m: 0, overflowX: 'auto', fontSize: 13 }} aria-label={t('studio.calls')}>
              {check.requests.map((r) => `${r.method} /api/${r.path}\n${JSON.stringify(r.body, null, 2)}`).join('\n\n')}
            </Box>
          )}
          {tab === 6 && !checking && (
            <Stack spacing={2}>
              {chosen && chosen.id.startsWith('invalid/') && (
                <Alert severity={expectationMet ? 'success' : 'error'}>
                  {expectationMet ? t('studio.matches') : t('studio.differs')}
                </Alert>
              )}
              <ListTable
                label={t('studio.messages')}
                columns={[t('studio.field'), ...LANGUAGES.map((l) => l.code)]}
                rows={(english?.errors ?? []).map((error, index) => [
                  error.field,
                  ...LANGUAGES.map(({ code }) => checks[code]?.errors[index]?.message ?? ''),
                ])}
              />
              {chosen && chosen.expect.length > 0 && (
                <Typography variant="h3" component="h2">
                  {t('studio.expected')}
                </Typography>
              )}
              {chosen && chosen.expect.length > 0 && (
                <ListTable
                  label={t('studio.expected')}
                  columns={[t('studio.field'), 'en']}
                  rows={chosen.expect.map((e) => [e.field, e.message])}
                />
              )}
            </Stack>
          )}
        </Box>
      </Paper>
    </Stack>
  );
}

function Errors({ errors }: { errors: readonly FieldError[] }) {
  const { t } = useTranslation();
  if (errors.length === 0) return <Alert severity="success">{t('studio.noErrors')}</Alert>;
  return (
    <Alert severity="error">
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {errors.map((error, index) => (
          <li key={index}>
            <code>{error.field}</code>: {error.message}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

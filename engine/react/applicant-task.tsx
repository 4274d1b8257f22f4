/**
 * The applicant tasks of an application's view (`tasks` of service.json): for each task open for the
 * application (its `when`, answered by the task's precompiled validator), a prompt that opens by
 * itself once and can be opened again, with the task's form and uploads. Save uploads the chosen
 * files (each once, so a retry sends only what is left), then sends the task's save call; the
 * task's own messages say what failed, and after success the view reads the application again
 * (`reloadAfterMs` later).
 */
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from './translation';
import { useBackend } from './backend-context';
import { answeredFacts } from './answered-facts';
import { taskFacts, taskForm, taskSlots } from '../core/applicant-tasks';
import type { ApplicantTask, ServiceDefinition } from '../core/definition-types';
import { missingUploads, type UploadSlot } from '../core/required-documents';
import { submitFailure } from '../core/wizard-state';
import { runSubmission } from '../core/submission-run';
import { chosenFile, DocumentsStep } from './documents-step';
import { useFailureMessage } from './failure-message';
import { ServiceForm, type ServiceFormHandle } from './service-form';
import { uploadFile, type UploadFileOptions, type UploadHandle } from './upload-file';
import { schemaMatcher, useServiceValidator } from './validator';
import type { ApplicationDetails } from './wizard-types';

export interface ApplicantTasksProps {
  /** The service (as shown: translated). */
  definition: ServiceDefinition;
  clientId: number | string;
  application: ApplicationDetails;
  /** Called after a task was saved (and `reloadAfterMs` passed): read the application again. */
  onDone: () => void;
  upload?: (options: UploadFileOptions) => UploadHandle;
}

/** The prompts of the tasks open for the application. */
export function ApplicantTasks(props: ApplicantTasksProps) {
  return (props.definition.tasks ?? []).map((task) => <TaskPrompt key={task.key} {...props} task={task} />);
}

function TaskPrompt(props: ApplicantTasksProps & { task: ApplicantTask }) {
  const { definition, task, application } = props;
  const form = useMemo(() => taskForm(definition, task), [definition, task]);
  const { shown } = useServiceValidator(form);
  const [dialogOpen, setDialogOpen] = useState(true);
  if (!shown) return null;
  const facts = answeredFacts(definition, application);
  const matches = schemaMatcher(shown.validator, form.formSchema);
  if (!matches(task.when, taskFacts(facts, task, application[task.save.record]))) return null;
  return (
    <>
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={() => setDialogOpen(true)}>
            {task.action}
          </Button>
        }
      >
        <AlertTitle>{task.title}</AlertTitle>
        {task.intro}
      </Alert>
      {dialogOpen ? <TaskDialog {...props} form={form} onClose={() => setDialogOpen(false)} /> : null}
    </>
  );
}

type Banner = { severity: 'error' | 'success'; title: string; detail?: string };

function TaskDialog(
  props: ApplicantTasksProps & {
    task: ApplicantTask;
    form: ReturnType<typeof taskForm>;
    onClose: () => void;
  },
) {
  const { clientId, application, task, form, onClose, onDone } = props;
  const backend = useBackend();
  const { t } = useTranslation();
  const describe = useFailureMessage();
  const formRef = useRef<ServiceFormHandle>(null);
  const slots = useMemo(() => taskSlots(task), [task]);
  const [files, setFiles] = useState<Record<string, File>>({});
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  // Files already on the server: a retry does not send them again.
  const uploaded = useRef(new Set<string>());
  const [progress, setProgress] = useState<{ slot: string; percent: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const titleId = `task-${task.key}-title`;

  const choose = (slot: UploadSlot, event: ChangeEvent<HTMLInputElement>) => {
    const chosen = chosenFile(slot, event);
    if (!chosen) return;
    const { file } = chosen;
    uploaded.current.delete(slot.name);
    if (!chosen.accepted) {
      setRefused((current) => ({ ...current, [slot.name]: file.name }));
      return;
    }
    setRefused(({ [slot.name]: _dropped, ...rest }) => rest);
    setMissing((current) => current.filter((name) => name !== slot.name));
    setFiles((current) => ({ ...current, [slot.name]: file }));
  };
  const remove = (name: string) => {
    uploaded.current.delete(name);
    setFiles(({ [name]: _dropped, ...rest }) => rest);
  };

  const save = async () => {
    setBanner(null);
    const valid = formRef.current?.validate() ?? false;
    const absent = missingUploads(slots, files);
    setMissing(absent);
    if (!valid || absent.length > 0) return;
    const data = formRef.current?.getData() ?? {};
    setBusy(true);
    try {
      const labelOf = (name: string) => slots.find((slot) => slot.name === name)?.label ?? name;
      // The task's save is its one call, after its files (each once: a retry sends what is left).
      const outcome = await runSubmission({
        uploads: slots.flatMap((slot) =>
          files[slot.name] ? [{ slot: slot.name, file: files[slot.name] as File }] : [],
        ),
        parallel: false,
        uploaded: [...uploaded.current],
        calls: [
          {
            name: task.key,
            method: 'POST',
            path: task.save.path,
            body: { application_id: application.id, ...data },
            savesRecord: true,
          },
        ],
        completedCalls: [],
        upload: (slot, file, onProgress) => {
          // Shown from the start of each file, before its first progress event.
          setProgress({ slot: labelOf(slot), percent: 0 });
          return (props.upload ?? uploadFile)({
            backend,
            applicationId: application.id,
            description: slot,
            file,
            onProgress,
          }).result;
        },
        send: (request) => backend.send(request),
        onUploadProgress: (slot, percent) => setProgress({ slot: labelOf(slot), percent }),
        onUploadDone: (slot) => {
          uploaded.current.add(slot);
          setProgress(null);
        },
      });
      if (!outcome.ok) {
        const failure = submitFailure(outcome.stage, outcome.result.code);
        const title =
          failure === 'upload'
            ? task.messages.upload
            : failure === 'unavailable'
              ? task.messages.unavailable
              : task.messages.refused;
        setBanner({ severity: 'error', title, detail: describe(outcome.result) });
        return;
      }
      setBanner({ severity: 'success', title: task.messages.success });
      window.setTimeout(onDone, task.reloadAfterMs ?? 0);
    } finally {
      setProgress(null);
      setBusy(false);
    }
  };
  const done = banner?.severity === 'success';

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{task.title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {task.intro ? <Typography variant="body2">{task.intro}</Typography> : null}
          {banner ? (
            <Alert severity={banner.severity} role={banner.severity === 'error' ? 'alert' : 'status'}>
              <AlertTitle>{banner.title}</AlertTitle>
              {banner.detail}
            </Alert>
          ) : null}
          <ServiceForm
            ref={formRef}
            definition={form}
            api={backend}
            clientId={clientId}
            idPrefix={`task-${task.key}`}
            disabled={busy || done}
          />
          <DocumentsStep
            attachments={{ status: 'ready', items: [] }}
            onRetry={() => undefined}
            slots={slots}
            files={files}
            missing={missing}
            refused={refused}
            existing={[]}
            editing={false}
            onChoose={choose}
            onRemove={remove}
          />
          {progress ? (
            <Stack spacing={0.5} role="status">
              <Typography variant="body2">
                {t('task.uploading', { name: progress.slot, percent: progress.percent })}
              </Typography>
              <LinearProgress variant="determinate" value={progress.percent} />
            </Stack>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {done ? t('task.close') : t('task.later')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={busy || done}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {busy ? t('task.saving') : t('task.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The dialog of one applicant task: its form and uploads, and Save. A view of the task's controller
 * (engine/core/task-controller.ts), which uploads the chosen files (each once) and sends the task's
 * save call through the engine's backend; after success the view reads the application again
 * (`reloadAfterMs` later).
 */
import { useRef, useState, useSyncExternalStore, type ChangeEvent } from 'react';
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
import { taskSlots, type taskForm } from '../core/applicant-tasks';
import type { ApplicantTask } from '../core/definition-types';
import type { UploadSlot } from '../core/required-documents';
import { createTaskController } from '../core/task-controller';
import type { ApplicantTasksProps } from './applicant-task';
import { useBackend } from './backend-context';
import { chosenFile, DocumentsStep, type AttachmentsState } from './documents-step';
import { useFailureMessage } from './failure-message';
import { ServiceForm, type ServiceFormHandle } from './service-form';
import { useTranslation } from './translation';

export interface TaskDialogProps extends ApplicantTasksProps {
  task: ApplicantTask;
  form: ReturnType<typeof taskForm>;
  onClose: () => void;
}

export function TaskDialog(props: TaskDialogProps) {
  const { clientId, application, task, form, onClose, onDone } = props;
  const { t } = useTranslation();
  const backend = useBackend();
  const describe = useFailureMessage();
  const formRef = useRef<ServiceFormHandle>(null);
  const [controller] = useState(() => {
    const { upload } = props;
    return createTaskController<File>({
      backend,
      task,
      applicationId: application.id,
      slots: taskSlots(task),
      describe: (failure) => describe(failure),
      ...(upload
        ? {
            upload: (slot: string, file: Blob & { name?: string }, onProgress: (percent: number) => void) =>
              upload({ backend, applicationId: application.id, description: slot, file, onProgress }).result,
          }
        : {}),
    });
  });
  const { files, refused, missing, progress, busy, outcome } = useSyncExternalStore(
    controller.subscribe,
    controller.getSnapshot,
    controller.getSnapshot,
  );
  const done = outcome?.severity === 'success';
  const choose = (slot: UploadSlot, event: ChangeEvent<HTMLInputElement>) => {
    const chosen = chosenFile(slot, event);
    if (chosen && !chosen.accepted) controller.refuseFile(slot.name, chosen.file.name);
    else if (chosen) controller.chooseFile(slot.name, chosen.file);
  };
  const save = async () => {
    const valid = formRef.current?.validate() ?? false;
    await controller.save(formRef.current?.getData() ?? {}, valid);
    // After success the view reads the application again, when the task says (even once the dialog is closed).
    if (controller.getSnapshot().outcome?.severity === 'success') setTimeout(onDone, task.reloadAfterMs ?? 0);
  };
  const titleId = `task-${task.key}-title`;

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{task.title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {task.intro ? <Typography variant="body2">{task.intro}</Typography> : null}
          {outcome ? (
            <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'}>
              <AlertTitle>{outcome.title}</AlertTitle>
              {outcome.detail}
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
            attachments={READY}
            onRetry={() => undefined}
            slots={taskSlots(task)}
            {...{ files, refused, missing: [...missing] }}
            existing={[]}
            editing={false}
            onChoose={choose}
            onRemove={controller.removeFile}
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

const READY: AttachmentsState = { status: 'ready', items: [] };

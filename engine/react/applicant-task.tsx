/**
 * The applicant tasks of an application's view (`tasks` of service.json): for each task open for the
 * application (its `when`, answered by the task's precompiled validator), a prompt that opens by
 * itself once and can be opened again, with the task's form and uploads. Save uploads the chosen
 * files (each once, so a retry sends only what is left), then sends the task's save call; the
 * task's own messages say what failed, and after success the view reads the application again
 * (`reloadAfterMs` later).
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { answeredFacts } from './answered-facts';
import { applicationField } from '../core/api-types';
import { taskFacts, taskForm } from '../core/applicant-tasks';
import type { ApplicantTask, ServiceDefinition } from '../core/definition-types';
import type { UploadFileOptions, UploadHandle } from './upload-file';
import { TaskDialog } from './task-dialog';
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
  if (!matches(task.when, taskFacts(facts, task, applicationField(application, task.save.record)))) return null;
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

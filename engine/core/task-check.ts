/**
 * The checks of a service's applicant tasks (`tasks` of service.json): their forms, conditions, uploads
 * and saves.
 */
import type { ApplicantTask, ApplicantTaskFile, ServiceDefinition } from './definition-types';
import { fileReader } from './definition-includes';
import { pointerOf, type Report } from './definition-problems';
import { readFormFiles } from './form-files-check';
import { compileSchema } from './form-validator';

/**
 * Checks a service's applicant tasks: their forms, conditions, uploads and saves; keys and records
 * unique (a task's record may not be a form's record or a call's). Null when anything is wrong.
 */
export function loadTasks(
  folder: string,
  written: readonly ApplicantTaskFile[],
  forms: readonly ServiceDefinition[],
  files: Record<string, unknown>,
  report: Report,
  included: Set<string>,
): ApplicantTask[] | null {
  let failed = false;
  const fail: Report = (file, pointer, message) => {
    failed = true;
    report(file, pointer, message);
  };
  const serviceFile = `${folder}/service.json`;
  const read = fileReader(folder, files, fail, included);
  const keys = new Set<string>();
  const records = new Set<string>(
    forms.flatMap((form) => [form.view.record, ...form.submit.calls.map((call) => call.name)]),
  );
  const tasks: ApplicantTask[] = [];
  written.forEach((task, i) => {
    const at = (...segments: Array<string | number>) => pointerOf('tasks', i, ...segments);
    if (keys.has(task.key)) fail(serviceFile, at('key'), `duplicate task '${task.key}'`);
    keys.add(task.key);
    if (records.has(task.save.record))
      fail(serviceFile, at('save', 'record'), `record '${task.save.record}' is already saved by the service`);
    records.add(task.save.record);
    try {
      compileSchema(task.when);
    } catch (error) {
      fail(serviceFile, at('when'), `condition does not compile: ${(error as Error).message}`);
    }
    const names = new Set<string>();
    task.uploads.forEach((upload, j) => {
      if (names.has(upload.name)) fail(serviceFile, at('uploads', j, 'name'), `duplicate upload '${upload.name}'`);
      names.add(upload.name);
    });
    const formFiles = readFormFiles(read, task.form, at, fail);
    if (formFiles) tasks.push({ ...task, formSchema: formFiles.formSchema, uiSchema: formFiles.uiSchema });
  });
  return failed ? null : tasks;
}

import { describe, expect, it } from 'vitest';
import type { ApplicantTask } from './definition-types';
import { taskSlots } from './applicant-tasks';
import { createTaskController } from './task-controller';
import { testBackend, testFail, testOk } from './test-backend';

const TASK: ApplicantTask = {
  key: 'report',
  title: 'Send the report',
  action: 'Send',
  when: {},
  form: { schema: 'report.schema.json', ui: 'report.ui.json' },
  formSchema: { type: 'object' },
  uiSchema: {},
  uploads: [{ name: 'Report', accept: ['pdf'], required: true }],
  save: { path: 'reports/save', record: 'report' },
  messages: { upload: 'The file did not go.', unavailable: 'Try later.', refused: 'Refused.', success: 'Sent.' },
};

const pdf = Object.assign(new Blob(['%PDF']), { name: 'report.pdf' });

function setUp(script: Parameters<typeof testBackend>[0] = {}) {
  const backend = testBackend(script);
  const controller = createTaskController({ backend, task: TASK, applicationId: 12, slots: taskSlots(TASK) });
  return { backend, controller };
}

describe("an applicant task's controller, on an in-memory backend", () => {
  it('asks for its mandatory document first and sends nothing without it or with an invalid form', async () => {
    const { backend, controller } = setUp();
    await controller.save({ year: 2026 }, true);
    expect(controller.getSnapshot().missing).toEqual(['Report']);
    controller.chooseFile('Report', pdf);
    expect(controller.getSnapshot().missing).toEqual([]);
    await controller.save({ year: 2026 }, false);
    expect(backend.log).toEqual([]);
  });

  it('uploads the file once, sends the save with the application, and titles a refusal with the task', async () => {
    let saves = 0;
    const { backend, controller } = setUp({
      send: (call) => (++saves === 1 ? testFail('No year') : testOk({ body: call.body })),
    });
    controller.chooseFile('Report', pdf);
    await controller.save({ year: 2026 }, true);
    expect(controller.getSnapshot().outcome).toEqual({ severity: 'error', title: 'Refused.', detail: 'No year' });
    expect(controller.getSnapshot().busy).toBe(false);
    await controller.save({ year: 2026 }, true);
    expect(controller.getSnapshot().outcome).toEqual({ severity: 'success', title: 'Sent.' });
    expect(backend.log).toEqual(['upload 12 Report', 'send reports/save', 'send reports/save']);
  });

  it('says an upload failed with the task message, and sends a file chosen again', async () => {
    let uploads = 0;
    const { backend, controller } = setUp({
      upload: (upload) =>
        ++uploads === 1
          ? testFail('upload failed', 500)
          : testOk({ id: 1, description: upload.description, path: 'uploads/r', name: 'report.pdf' }),
    });
    controller.chooseFile('Report', pdf);
    await controller.save({}, true);
    expect(controller.getSnapshot().outcome?.title).toBe('The file did not go.');
    await controller.save({}, true);
    expect(controller.getSnapshot().outcome?.title).toBe('Sent.');
    expect(backend.log.filter((entry) => entry.startsWith('upload'))).toHaveLength(2);
  });
});

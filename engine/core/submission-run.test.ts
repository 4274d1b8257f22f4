import { describe, expect, it } from 'vitest';
import type { ApiResult } from './api-client';
import type { SubmitRequest } from './payload-mapping';
import { runSubmission, type SubmissionRun } from './submission-run';

const call = (name: string, savesRecord = false): SubmitRequest => ({
  name,
  method: 'POST',
  path: name,
  body: {},
  savesRecord,
});
const ok: ApiResult<unknown> = { ok: true, code: 200, data: {} };
const refused = (code: number): ApiResult<unknown> => ({ ok: false, code, error: `refused ${code}` });

/** A run that records what it sent; `answers` gives an answer per slot or call name (ok otherwise). */
function recorded(answers: Record<string, ApiResult<unknown>>, extra: Partial<SubmissionRun<string>> = {}) {
  const sent: string[] = [];
  const run: SubmissionRun<string> = {
    uploads: [
      { slot: 'Plan', file: 'plan.pdf' },
      { slot: 'Report', file: 'report.pdf' },
    ],
    parallel: false,
    uploaded: [],
    calls: [call('locations'), call('save', true)],
    completedCalls: [],
    upload: async (slot, _file, onProgress) => {
      onProgress(100);
      sent.push(`upload ${slot}`);
      return answers[slot] ?? ok;
    },
    send: async (request) => {
      sent.push(`call ${request.name}`);
      return answers[request.name] ?? ok;
    },
    ...extra,
  };
  return { run, sent };
}

describe('runSubmission', () => {
  it('uploads the files, then sends the calls in order', async () => {
    const { run, sent } = recorded({});
    expect(await runSubmission(run)).toEqual({ ok: true });
    expect(sent).toEqual(['upload Plan', 'upload Report', 'call locations', 'call save']);
  });

  it('stops at a failed upload, before any call', async () => {
    const { run, sent } = recorded({ Plan: refused(415) });
    expect(await runSubmission(run)).toMatchObject({ ok: false, stage: 'upload', result: { code: 415 } });
    expect(sent).toEqual(['upload Plan']);
  });

  it('names the stage of a failed call: the save, or another call', async () => {
    expect(await runSubmission(recorded({ save: refused(422) }).run)).toMatchObject({ ok: false, stage: 'save' });
    expect(await runSubmission(recorded({ locations: refused(503) }).run)).toMatchObject({ ok: false, stage: 'call' });
  });

  it('sends nothing twice on a retry: what was uploaded and what was saved before is skipped', async () => {
    const { run, sent } = recorded({}, { uploaded: ['Plan'], completedCalls: ['locations'] });
    const done: string[] = [];
    expect(
      await runSubmission({
        ...run,
        onUploadDone: (slot) => done.push(slot),
        onCallDone: (request) => done.push(request.name),
      }),
    ).toEqual({ ok: true });
    expect(sent).toEqual(['upload Report', 'call save']);
    expect(done).toEqual(['Report', 'save']);
  });

  it('uploads side by side when asked, and still stops before the calls when one fails', async () => {
    const { run, sent } = recorded({ Report: refused(413) }, { parallel: true });
    expect(await runSubmission(run)).toMatchObject({ ok: false, stage: 'upload', result: { code: 413 } });
    expect(sent).toEqual(['upload Plan', 'upload Report']);
  });
});

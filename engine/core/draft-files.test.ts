import { describe, expect, it } from 'vitest';
import type { ApiResult } from './api-client';
import { createDraftFileQueue, type DraftFileSender } from './draft-files';

const OK: ApiResult<unknown> = { ok: true, code: 201, data: {} };

/** A promise settled by the test. */
function deferred<T>() {
  let settle: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

/**
 * A sender whose requests wait until the test answers them, recording what it was asked and told.
 */
function scriptedSender() {
  const log: string[] = [];
  const answers: Array<{ what: string; answer: (result: ApiResult<unknown>) => void }> = [];
  const sender: DraftFileSender<string> = {
    upload(slot, file, onProgress) {
      log.push(`upload ${slot} ${file}`);
      onProgress(0);
      const answer = deferred<ApiResult<unknown>>();
      const waiting = { what: `upload ${slot} ${file}`, answer: answer.settle };
      answers.push(waiting);
      return {
        result: answer.promise,
        abort: () => {
          log.push(`abort ${slot} ${file}`);
          answers.splice(answers.indexOf(waiting), 1);
          answer.settle({ ok: false, code: 0, error: 'aborted' });
        },
      };
    },
    remove(slot) {
      log.push(`remove ${slot}`);
      const answer = deferred<ApiResult<unknown>>();
      answers.push({ what: `remove ${slot}`, answer: answer.settle });
      return answer.promise;
    },
    onProgress: (slot, percent) => log.push(`progress ${slot} ${percent}`),
    onUploaded: (slot) => log.push(`uploaded ${slot}`),
    onFailed: (slot, kind, error) => log.push(`failed ${slot} ${kind}: ${error}`),
    onBusy: (busy) => log.push(busy ? 'busy' : 'idle'),
  };
  /** Answers the oldest request still waiting (after letting the queue reach it). */
  const answer = async (result: ApiResult<unknown> = OK) => {
    await flush();
    const next = answers.shift();
    if (!next) throw new Error('no request is waiting');
    next.answer(result);
    await flush();
    return next.what;
  };
  return { sender, log, answer, waiting: () => answers.map((item) => item.what) };
}

/** Lets every promise callback queued so far run. */
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('a draft file queue', () => {
  it('uploads a chosen file at once and answers it as in the draft once it arrived', async () => {
    const { sender, log, answer } = scriptedSender();
    const queue = createDraftFileQueue(sender);
    queue.choose('Certificate', 'cert.pdf');
    expect(await answer()).toBe('upload Certificate cert.pdf');
    expect(await queue.settled()).toEqual(['Certificate']);
    expect(log).toEqual([
      'busy',
      'upload Certificate cert.pdf',
      'progress Certificate 0',
      'uploaded Certificate',
      'idle',
    ]);
  });

  it('lands the latest choice of a document last, aborting the one it overtook', async () => {
    const { sender, log, answer, waiting } = scriptedSender();
    const queue = createDraftFileQueue(sender);
    queue.choose('Certificate', 'first.pdf');
    await flush();
    queue.choose('Certificate', 'second.pdf');
    // The first was aborted; the second starts only after the first answered.
    expect(log).toContain('abort Certificate first.pdf');
    expect(await answer()).toBe('upload Certificate second.pdf');
    expect(waiting()).toEqual([]);
    expect(await queue.settled()).toEqual(['Certificate']);
    expect(log.filter((line) => line.startsWith('uploaded') || line.startsWith('failed'))).toEqual([
      'uploaded Certificate',
    ]);
  });

  it('lets the documents go side by side', async () => {
    const { sender, waiting } = scriptedSender();
    const queue = createDraftFileQueue(sender);
    queue.choose('Certificate', 'cert.pdf');
    queue.choose('Photo', 'photo.png');
    await flush();
    expect(waiting()).toEqual(['upload Certificate cert.pdf', 'upload Photo photo.png']);
  });

  it('removes the file of the draft after the upload it undoes, and nothing that was never sent', async () => {
    const { sender, log, answer } = scriptedSender();
    const queue = createDraftFileQueue(sender, ['Kept']);
    queue.choose('Certificate', 'cert.pdf');
    await flush();
    queue.remove('Certificate');
    // The upload on its way is aborted (its bytes may have arrived): the removal follows it.
    expect(log).toContain('abort Certificate cert.pdf');
    expect(await answer()).toBe('remove Certificate');
    // A document the draft never held: nothing to ask the server.
    queue.remove('Photo');
    // A document the continued draft held.
    queue.remove('Kept');
    expect(await answer()).toBe('remove Kept');
    expect(await queue.settled()).toEqual([]);
    expect(log).not.toContain('remove Photo');
  });

  it('skips a choice overtaken before it started, and a removal overtaken by a new choice', async () => {
    const { sender, log, answer } = scriptedSender();
    const queue = createDraftFileQueue(sender, ['Certificate']);
    queue.choose('Certificate', 'first.pdf');
    await flush();
    queue.choose('Certificate', 'second.pdf');
    queue.remove('Certificate');
    queue.choose('Certificate', 'third.pdf');
    expect(await answer()).toBe('upload Certificate third.pdf');
    expect(await queue.settled()).toEqual(['Certificate']);
    expect(log.filter((line) => /^(upload|remove) /.test(line))).toEqual([
      'upload Certificate first.pdf',
      'upload Certificate third.pdf',
    ]);
  });

  it('tells a failure, keeps the file out of the draft, and retries what failed', async () => {
    const { sender, log, answer } = scriptedSender();
    const queue = createDraftFileQueue(sender);
    queue.choose('Certificate', 'cert.pdf');
    await answer({ ok: false, code: 500, error: 'The server could not be reached.' });
    expect(log).toContain('failed Certificate upload: The server could not be reached.');
    expect(await queue.settled()).toEqual([]);
    queue.retry('Certificate');
    expect(await answer()).toBe('upload Certificate cert.pdf');
    expect(await queue.settled()).toEqual(['Certificate']);

    queue.remove('Certificate');
    await answer({ ok: false, code: 500, error: 'down' });
    expect(log).toContain('failed Certificate removal: down');
    queue.retry('Certificate');
    expect(await answer()).toBe('remove Certificate');
    // Nothing failed any more: a retry does nothing.
    queue.retry('Certificate');
    expect(await queue.settled()).toEqual([]);
    expect(log.at(-1)).toBe('idle');
  });

  it('settles after operations queued while earlier ones finish', async () => {
    const { sender, answer } = scriptedSender();
    const queue = createDraftFileQueue(sender);
    queue.choose('Certificate', 'cert.pdf');
    const settled = queue.settled();
    await flush();
    queue.choose('Photo', 'photo.png');
    let done = false;
    void settled.then(() => {
      done = true;
    });
    await answer();
    expect(done).toBe(false);
    await answer();
    expect((await settled).sort()).toEqual(['Certificate', 'Photo']);
  });
});

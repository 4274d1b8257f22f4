import { describe, expect, it, vi } from 'vitest';
import {
  ABORTED_MESSAGE,
  ApiError,
  failureMessage,
  readEnvelope,
  retryAfterMs,
  SERVER_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
} from '../../engine/core/api-client';
import { createApiClient, type ApiClientOptions, type Uploader } from './ky-api-client';

type Answer = Response | Error | ((request: Request) => Promise<Response>);

/**
 * A fake fetch answering in turn (the last answer repeats). Like a real fetch it reads the request
 * body (ky waits for the body it kept for retries to be released); `bodies` keeps what was sent.
 */
function fakeFetch(...answers: Answer[]) {
  const requests: Request[] = [];
  const bodies: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    bodies.push(await request.text());
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return answer(request);
    if (!answer) throw new Error('no answer scripted');
    return answer.clone();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests, bodies };
}

/** An answer that never comes unless the request is cancelled, as fetch does. */
const hanging = (request: Request) =>
  new Promise<Response>((_resolve, reject) => {
    const abort = () => reject(new DOMException('aborted', 'AbortError'));
    if (request.signal.aborted) abort();
    request.signal.addEventListener('abort', abort);
  });

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function client(fetch: typeof globalThis.fetch, options: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseUrl: 'http://api.test/api/', fetch, retryDelay: () => 1, ...options });
}

describe('createApiClient: answers', () => {
  it('narrows a success envelope to its data, codes 200 to 209 included', async () => {
    const { fetch, requests, bodies } = fakeFetch(json(201, { code: 201, data: { id: 4 }, error: null }));
    expect(await client(fetch).post('companies', { name: 'A' })).toEqual({ ok: true, code: 201, data: { id: 4 } });
    expect(requests[0]?.url).toBe('http://api.test/api/companies');
    expect(requests[0]?.method).toBe('POST');
    expect(JSON.parse(bodies[0] ?? '')).toEqual({ name: 'A' });
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('sends an empty object when a POST or PUT has no body', async () => {
    const { fetch, requests, bodies } = fakeFetch(json(200, { code: 200, data: null, error: null }));
    await client(fetch).put('/client/7');
    expect(requests[0]?.url).toBe('http://api.test/api/client/7');
    expect(bodies[0]).toBe('{}');
  });

  it('tolerates { status, data } answers', async () => {
    const { fetch } = fakeFetch(json(200, { status: true, data: [1] }), json(200, { status: false, message: 'No' }));
    const api = client(fetch);
    expect(await api.get('a')).toEqual({ ok: true, code: 200, data: [1] });
    expect(await api.get('b')).toEqual({ ok: false, code: 200, error: 'No' });
  });

  it('gives the server message and code of a refusal', async () => {
    const { fetch, requests } = fakeFetch(json(422, { code: 422, data: null, error: 'Invalid fields: tin' }));
    expect(await client(fetch).post('companies', {})).toEqual({ ok: false, code: 422, error: 'Invalid fields: tin' });
    expect(requests).toHaveLength(1);
  });

  it("answers a network or parse failure with { code: 500, error: 'server error' }", async () => {
    const broken = fakeFetch(new TypeError('Failed to fetch'));
    expect(await client(broken.fetch).post('x', {})).toEqual({ ok: false, code: 500, error: SERVER_ERROR_MESSAGE });
    const html = fakeFetch(new Response('<html>Bad gateway</html>', { status: 200 }));
    expect(await client(html.fetch).get('x')).toEqual({ ok: false, code: 500, error: SERVER_ERROR_MESSAGE });
    const empty = fakeFetch(new Response('', { status: 404 }));
    expect(await client(empty.fetch).post('x')).toEqual({ ok: false, code: 500, error: SERVER_ERROR_MESSAGE });
  });

  it('gives a clear failure when the server does not answer in time, without retrying', async () => {
    const { fetch, requests } = fakeFetch(hanging);
    const result = await client(fetch, { timeout: 30 }).get('slow');
    expect(result).toEqual({ ok: false, code: 408, error: TIMEOUT_MESSAGE });
    expect(requests).toHaveLength(1);
  });

  it('sends a request that outlives the page when asked (a draft saved as the page is left), with the same headers', async () => {
    const { fetch, requests, bodies } = fakeFetch(json(200, { code: 200, data: { id: 4 }, error: null }));
    const api = client(fetch, { getToken: () => 'tok' });
    expect(await api.put('client/application/4/draft', { answers: { a: 1 } }, { keepalive: true })).toEqual({
      ok: true,
      code: 200,
      data: { id: 4 },
    });
    await api.put('client/application/4/draft', { answers: { a: 2 } });
    expect(requests.map((request) => request.keepalive)).toEqual([true, false]);
    expect(requests[0]?.method).toBe('PUT');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer tok');
    expect(JSON.parse(bodies[0] ?? '')).toEqual({ answers: { a: 1 } });
  });

  it('answers a cancelled call as aborted', async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch(hanging);
    const pending = client(fetch).get('x', { signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual({ ok: false, code: 0, error: ABORTED_MESSAGE });
  });
});

describe('createApiClient: retries', () => {
  it('retries a GET after a network error or a 5xx, twice at most', async () => {
    const recovering = fakeFetch(new TypeError('offline'), json(503, {}), json(200, { code: 200, data: 'ok' }));
    expect(await client(recovering.fetch).get('x')).toEqual({ ok: true, code: 200, data: 'ok' });
    expect(recovering.requests).toHaveLength(3);

    const down = fakeFetch(json(500, { code: 500, data: null, error: 'server error' }));
    expect(await client(down.fetch).get('x')).toEqual({ ok: false, code: 500, error: 'server error' });
    expect(down.requests).toHaveLength(3);
  });

  it('never retries a POST or PUT, which could save twice', async () => {
    const post = fakeFetch(json(503, { code: 503, data: null, error: 'busy' }));
    await client(post.fetch).post('x', {});
    expect(post.requests).toHaveLength(1);
    const put = fakeFetch(new TypeError('offline'));
    await client(put.fetch).put('x', {});
    expect(put.requests).toHaveLength(1);
  });

  it('does not retry answers that will not change (4xx other than 408 and 429)', async () => {
    const { fetch, requests } = fakeFetch(json(404, { code: 404, data: null, error: 'Not found' }));
    expect(await client(fetch).get('x')).toEqual({ ok: false, code: 404, error: 'Not found' });
    expect(requests).toHaveLength(1);
  });

  it('honours a short Retry-After of a 429 and answers a long one at once', async () => {
    const short = fakeFetch(
      json(429, { code: 429, data: null, error: 'Slow down' }, { 'Retry-After': '1' }),
      json(200, { code: 200, data: 1 }),
    );
    const started = Date.now();
    expect(await client(short.fetch).get('x')).toEqual({ ok: true, code: 200, data: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(short.requests).toHaveLength(2);

    const long = fakeFetch(
      json(429, { code: 429, data: null, error: 'Try again in 15 minutes.' }, { 'Retry-After': '900' }),
    );
    const at = Date.now();
    expect(await client(long.fetch).get('x')).toEqual({ ok: false, code: 429, error: 'Try again in 15 minutes.' });
    expect(Date.now() - at).toBeLessThan(500);
    expect(long.requests).toHaveLength(1);
  });
});

describe('createApiClient: token, language and session end', () => {
  it('sends the bearer token and the interface language, read at each call', async () => {
    let token: string | null = 't-1';
    let language = 'de';
    const { fetch, requests } = fakeFetch(json(200, { code: 200, data: null }));
    const api = client(fetch, { getToken: () => token, getLanguage: () => language });
    await api.get('x');
    token = null;
    language = 'it';
    await api.get('y');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer t-1');
    expect(requests[0]?.headers.get('Accept-Language')).toBe('de');
    expect(requests[0]?.headers.get('Accept')).toBe('application/json');
    expect(requests[1]?.headers.has('Authorization')).toBe(false);
    expect(requests[1]?.headers.get('Accept-Language')).toBe('it');
  });

  it('calls onUnauthorized on a 401 only when a token was sent', async () => {
    const onUnauthorized = vi.fn();
    let token: string | null = 'old';
    const { fetch } = fakeFetch(json(401, { code: 401, data: null, error: 'Your session has expired.' }));
    const api = client(fetch, { getToken: () => token, onUnauthorized });
    expect(await api.get('x')).toEqual({ ok: false, code: 401, error: 'Your session has expired.' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    token = null;
    await api.post('clients/login', {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('createApiClient: uploads', () => {
  const form = () => {
    const data = new FormData();
    data.append('application_id', '5');
    return data;
  };

  it('hands the injected uploader the URL, the headers and the progress, and reads its answer', async () => {
    const uploader = vi.fn<Uploader>(async (request) => {
      request.onProgress?.(40);
      return { status: 201, text: JSON.stringify({ code: 201, data: { id: 9 }, error: null }) };
    });
    const progress: number[] = [];
    const api = client(fakeFetch().fetch, { getToken: () => 'tok', getLanguage: () => 'es', uploader });
    const body = form();
    const result = await api.upload('applications/upload/file', body, { onProgress: (p) => progress.push(p) });
    expect(result).toEqual({ ok: true, code: 201, data: { id: 9 } });
    expect(progress).toEqual([40, 100]);
    const request = uploader.mock.calls[0]?.[0];
    expect(request?.url).toBe('http://api.test/api/applications/upload/file');
    expect(request?.body).toBe(body);
    expect(request?.headers).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer tok',
      'Accept-Language': 'es',
    });
  });

  it('signs out on a 401 upload, and answers failures and cancels like the other calls', async () => {
    const onUnauthorized = vi.fn();
    const expired: Uploader = async () => ({
      status: 401,
      text: JSON.stringify({ code: 401, data: null, error: 'expired' }),
    });
    const api = client(fakeFetch().fetch, { getToken: () => 'tok', onUnauthorized, uploader: expired });
    expect(await api.upload('u', form())).toEqual({ ok: false, code: 401, error: 'expired' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    const offline: Uploader = () => Promise.reject(new Error('network'));
    expect(await client(fakeFetch().fetch, { uploader: offline }).upload('u', form())).toEqual({
      ok: false,
      code: 500,
      error: SERVER_ERROR_MESSAGE,
    });

    const controller = new AbortController();
    const cancelled: Uploader = (request) =>
      new Promise((_resolve, reject) => request.signal?.addEventListener('abort', () => reject(new Error('abort'))));
    const pending = client(fakeFetch().fetch, { uploader: cancelled }).upload('u', form(), {
      signal: controller.signal,
    });
    controller.abort();
    expect(await pending).toEqual({ ok: false, code: 0, error: ABORTED_MESSAGE });
  });

  it('posts the form with ky when no uploader is injected, once even when it fails', async () => {
    const onUnauthorized = vi.fn();
    const { fetch, requests } = fakeFetch(json(401, { code: 401, data: null, error: 'expired' }));
    const api = client(fetch, { getToken: () => 'tok', onUnauthorized });
    expect(await api.upload('applications/upload/file', form())).toEqual({ ok: false, code: 401, error: 'expired' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok');
    expect(requests[0]?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('helpers', () => {
  it('reads envelopes', () => {
    expect(readEnvelope(200, { code: 209, data: 1, error: null })).toEqual({ ok: true, code: 209, data: 1 });
    expect(readEnvelope(200, { code: 210, data: 1, error: null })).toEqual({
      ok: false,
      code: 210,
      error: 'server error',
    });
    expect(readEnvelope(500, 'text')).toEqual({ ok: false, code: 500, error: 'server error' });
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
  });

  it('turns any failure into one message, translating only the client’s own', () => {
    const texts = { serverError: 'Serverfehler', timeout: 'Zeitüberschreitung' };
    expect(failureMessage({ ok: false, code: 422, error: 'Invalid fields' }, texts)).toBe('Invalid fields');
    expect(failureMessage({ ok: false, code: 500, error: SERVER_ERROR_MESSAGE }, texts)).toBe('Serverfehler');
    expect(failureMessage({ ok: false, code: 408, error: TIMEOUT_MESSAGE }, texts)).toBe('Zeitüberschreitung');
    expect(failureMessage({ ok: true, code: 200, data: null }, texts)).toBe('Serverfehler');
    expect(failureMessage(new ApiError(403, 'Forbidden'))).toBe('Forbidden');
    expect(failureMessage(new Error('boom'))).toBe('boom');
    expect(failureMessage('plain')).toBe('plain');
    expect(failureMessage(undefined)).toBe(SERVER_ERROR_MESSAGE);
    expect(failureMessage({ ok: false, code: 408, error: TIMEOUT_MESSAGE })).toBe(TIMEOUT_MESSAGE);
  });
});

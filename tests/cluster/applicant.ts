/**
 * An applicant of the cluster tests, over HTTP through nginx: signs up (the code read from the
 * instances' logs), registers a company, fills a plastics draft and submits it.
 */
import { codeInMailLine } from '../../server/mail/deliver';
import { companyBody, multipart, PDF, PLASTICS_MANDATORY, plasticsBody } from '../api/helpers';

export const SUBMIT = 'clients/applications/plastic-bags-authorization';

/**
 * Settings of a cluster whose applicants all come from one address (127.0.0.1), which the per-address
 * limits would refuse. A code asked of the instance that does not hold the e-mail sender's lease waits
 * for the holder's next look: every second here.
 */
export const ONE_ADDRESS_SETTINGS: Record<string, string> = {
  ACCOUNT_REQUESTS_PER_MINUTE: '0',
  OTP_RESEND_SECONDS: '0',
  OTP_MAX_SENDS_PER_HOUR: '100000',
  MAIL_POLL_SECONDS: '1',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
  UPLOAD_MAX_FILES_PER_DAY: '100000',
};
const PASSWORD = 'Cluster-Test-Pass-9';

export interface Answer<T = unknown> {
  status: number;
  data: T;
  error: string | null;
}

/** One JSON call to `base` (`http://127.0.0.1:8090`); a connection failure is status 0. */
export async function api<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  try {
    const response = await fetch(`${base}/api/${path}`, {
      method,
      headers: {
        ...options.headers,
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    const envelope = (text.startsWith('{') ? JSON.parse(text) : { data: null, error: text }) as {
      data: T;
      error: string | null;
    };
    return { status: response.status, data: envelope.data, error: envelope.error };
  } catch (error) {
    return { status: 0, data: null as T, error: String(error) };
  }
}

/** Uploads `content` as the plastics draft's mandatory document (or `description`). */
export async function upload(
  base: string,
  token: string,
  applicationId: number,
  content: Buffer = PDF,
  description = PLASTICS_MANDATORY,
): Promise<Answer<{ id: number; path: string }>> {
  const { payload, headers } = multipart(
    { application_id: String(applicationId), description },
    { name: 'document.pdf', content, type: 'application/pdf' },
  );
  try {
    const response = await fetch(`${base}/api/applications/upload/file`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: new Uint8Array(payload),
    });
    const envelope = (await response.json()) as { data: { id: number; path: string }; error: string | null };
    return { status: response.status, data: envelope.data, error: envelope.error };
  } catch (error) {
    return { status: 0, data: null as never, error: String(error) };
  }
}

export interface Applicant {
  email: string;
  id: number;
  company: number;
}

/**
 * The newest code sent to `email`, waiting for it in the instances' logs: the instance holding the
 * e-mail sender's lease delivers it, at once when the request reached that one, else at its next look
 * (MAIL_POLL_SECONDS). After the holder was killed, its lease runs out first (15 s): up to 45 s here.
 */
export async function codeFor(logs: () => string[], email: string): Promise<string> {
  for (let i = 0; i < 1800; i += 1) {
    const code = logs()
      .map((line) => codeInMailLine(line, email))
      .filter(Boolean)
      .pop();
    if (code) return code;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no code for ${email}`);
}

/** Registers `email`, confirms it, sets the password and registers a company. */
export async function signUp(base: string, logs: () => string[], n: number, tag: string): Promise<Applicant> {
  const email = `${tag}-${n}@cluster.example`;
  const telephone = `07${String(n).padStart(4, '0')}${String(process.pid % 10_000).padStart(4, '0')}`;
  const expect = (answer: Answer, step: string) => {
    if (answer.status >= 300 || answer.status === 0)
      throw new Error(`${step} of ${email}: ${answer.status} ${answer.error}`);
  };
  expect(
    await api(base, 'POST', 'clients', { body: { first_name: 'Load', last_name: 'Test', telephone, email } }),
    'register',
  );
  const otp = await codeFor(logs, email);
  const confirmed = await api<{ password_token: string }>(base, 'POST', 'client/confirm-otp', {
    body: { username: email, otp },
  });
  expect(confirmed, 'confirm');
  expect(
    await api(base, 'POST', 'client/password', {
      body: { username: email, password: PASSWORD, password_token: confirmed.data.password_token },
    }),
    'password',
  );
  const login = await signIn(base, email);
  expect(login, 'sign-in');
  const company = await api<{ id: number }>(base, 'POST', 'companies', {
    token: login.data.token,
    body: companyBody(login.data.id, {
      tin: `${n % 10}${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(5, '0')}`,
    }),
  });
  expect(company, 'company');
  return { email, id: login.data.id, company: company.data.id };
}

export const signIn = (base: string, email: string) =>
  api<{ id: number; token: string }>(base, 'POST', 'clients/login', { body: { username: email, password: PASSWORD } });

/** The plastics submission of `applicant`'s draft `applicationId`. */
export const submission = (applicant: Applicant, applicationId: number) =>
  plasticsBody({ clientId: applicant.id, company: applicant.company, applicationId });

/** A new plastics draft of `applicant` through `base`: its id. */
export async function draftOf(base: string, applicant: Applicant, token: string): Promise<number> {
  const draft = await api<{ id: number }>(base, 'POST', 'client/application/1', {
    token,
    body: { client_id: applicant.id },
  });
  if (draft.status !== 201) throw new Error(`draft of ${applicant.email}: ${draft.status} ${draft.error}`);
  return draft.data.id;
}

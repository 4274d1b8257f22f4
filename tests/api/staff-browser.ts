/**
 * A browser for the staff sign-in tests: it keeps cookies (their paths aside: the names differ) and
 * follows redirects by hand, each request answered by one of the given app instances through
 * `inject`, as a load balancer would pass them, so several instances can share one public address;
 * or, without instances, over the network with fetch (a server listening at the public address).
 */
import type { FastifyInstance } from 'fastify';

export interface Answer {
  status: number;
  url: string;
  location: string | null;
  body: string;
  setCookies: string[];
  headers: Record<string, unknown>;
}

export class StaffBrowser {
  readonly jar = new Map<string, string>();
  private turn = 0;

  constructor(
    /** The instances that answer, in turn. */
    private readonly apps: (() => readonly FastifyInstance[]) | 'network',
    readonly publicUrl: string,
    readonly headers: Record<string, string> = {},
    /** Addresses answered over the network although instances are given (another server's). */
    private readonly networkFor: (url: URL) => boolean = () => false,
  ) {}

  /** One request (no redirect followed); `form` is sent url-encoded. */
  async request(
    url: string,
    options: {
      method?: string;
      form?: Record<string, string>;
      /** A JSON body (a console's call of the staff API). */
      json?: unknown;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer> {
    const absolute = new URL(url, this.publicUrl);
    if (absolute.origin !== new URL(this.publicUrl).origin)
      throw new Error(`the browser left the portal: ${absolute.href}`);
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const method = options.method ?? (options.form || options.json !== undefined ? 'POST' : 'GET');
    const headers = {
      ...this.headers,
      ...(cookie ? { cookie } : {}),
      ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    };
    const payload = options.form
      ? new URLSearchParams(options.form).toString()
      : options.json !== undefined
        ? JSON.stringify(options.json)
        : undefined;
    const answer =
      this.apps === 'network' || this.networkFor(absolute)
        ? await overNetwork(absolute, method, headers, payload)
        : await this.inject(absolute, method, headers, payload);
    const setCookies = [answer.headers['set-cookie'] ?? []].flat().map(String);
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (gone || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const location =
      answer.headers.location === undefined ? null : new URL(String(answer.headers.location), absolute).href;
    return {
      status: answer.statusCode,
      url: absolute.href,
      location,
      body: answer.body,
      setCookies,
      headers: answer.headers,
    };
  }

  private async inject(url: URL, method: string, headers: Record<string, string>, payload: string | undefined) {
    const apps = (this.apps as () => readonly FastifyInstance[])();
    const app = apps[this.turn++ % apps.length] as FastifyInstance;
    return app.inject({
      method: method as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      // As a browser does: the address's host (the server tells its public address from others).
      headers: { host: url.host, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  }

  /** Follows redirects from `url` until an answer that is none, or one to an address `stop` accepts (not followed). */
  async follow(url: string, stop: (url: string) => boolean = () => false): Promise<Answer> {
    let answer = await this.request(url);
    for (let hops = 0; answer.location && !stop(answer.location); hops += 1) {
      if (hops > 15) throw new Error(`too many redirects from ${url}`);
      answer = await this.request(answer.location);
    }
    return answer;
  }
}

/** A request over the network, in the shape of `inject`'s answer. */
async function overNetwork(url: URL, method: string, headers: Record<string, string>, body: string | undefined) {
  const response = await fetch(url, { method, headers, body, redirect: 'manual' });
  const answerHeaders: Record<string, string | string[]> = Object.fromEntries(response.headers);
  answerHeaders['set-cookie'] = response.headers.getSetCookie();
  return { statusCode: response.status, headers: answerHeaders, body: await response.text() };
}

/** The `action` of the first form of a page, and its hidden fields. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in the page:\n${html}`);
  const fields: Record<string, string> = {};
  for (const input of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1];
    if (name) fields[name] = value ?? '';
  }
  return { action: action.replace(/&amp;/g, '&'), fields };
}

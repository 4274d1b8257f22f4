/**
 * The API test files, and the other files without a page, share one worker and its modules
 * (vitest.config.ts: the `api` and `node` projects are not isolated), so a file must leave the process
 * as it found it. Around each file this checks that it did: its environment variables, process
 * listeners, current folder, exit code and globals are as they were, real timers are back, no timer or
 * interval it started is still waiting (a server left open keeps its mail sender's), and no more
 * servers, sockets or child processes are open than when it began. A file that leaves any of them
 * fails, naming what it left.
 */
import { promisify } from 'node:util';
import { afterAll, beforeAll, vi } from 'vitest';
// zod sets globals of its own (its registry and settings) once, at its first import in the process: a
// file that is the first to load it (through a module it imports during a test) did not leave them.
import 'zod';

/** How long what a file closed may take to go (a socket or a child process ends a moment after). */
const GONE_WITHIN_MS = 15_000;

interface ProcessState {
  env: Record<string, string | undefined>;
  listeners: Record<string, number>;
  globals: Set<string>;
  cwd: string;
  exitCode: typeof process.exitCode;
  handles: Record<string, number>;
}

/**
 * Open handles by kind, timers left out: Node counts those by delay, not one by one (the timers this
 * file starts are followed one by one below).
 */
function handles(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo())
    if (kind !== 'Timeout' && kind !== 'Immediate') counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

function current(): ProcessState {
  return {
    env: { ...process.env },
    listeners: Object.fromEntries(process.eventNames().map((name) => [String(name), process.listenerCount(name)])),
    globals: new Set(Object.getOwnPropertyNames(globalThis)),
    cwd: process.cwd(),
    exitCode: process.exitCode,
    handles: handles(),
  };
}

/** Handle kinds of which more are open now than at the start. */
function moreHandles(start: Record<string, number>): string[] {
  return Object.entries(handles())
    .filter(([kind, count]) => count > (start[kind] ?? 0))
    .map(([kind, count]) => `${kind} (${start[kind] ?? 0} -> ${count})`);
}

/** Keys whose values differ between two records. */
const changed = (before: Record<string, unknown>, after: Record<string, unknown>): string[] =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => before[key] !== after[key]);

/**
 * The timers and intervals started through the globals while the file runs, until they fire once
 * (a timer) or are cleared: where each was started, to name it when it is left waiting.
 */
const waiting = new Map<unknown, string>();
const real = {
  setTimeout: globalThis.setTimeout,
  setInterval: globalThis.setInterval,
  clearTimeout: globalThis.clearTimeout,
  clearInterval: globalThis.clearInterval,
};

function followTimers(): void {
  const startedAt = (kind: string, ms: unknown) =>
    `${kind} of ${String(ms ?? 0)} ms ${(new Error().stack ?? '').split('\n')[3]?.trim() ?? ''}`;
  const followed = (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = real.setTimeout(
      (...values: unknown[]) => {
        waiting.delete(timer);
        callback(...values);
      },
      ms,
      ...args,
    );
    waiting.set(timer, startedAt('a timer', ms));
    return timer;
  };
  // util.promisify(setTimeout) keeps working: the real one says how it is promisified.
  globalThis.setTimeout = Object.assign(followed, {
    [promisify.custom]: (real.setTimeout as unknown as Record<symbol, unknown>)[promisify.custom],
  }) as unknown as typeof setTimeout;
  globalThis.setInterval = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const interval = real.setInterval(callback, ms, ...args);
    waiting.set(interval, startedAt('an interval', ms));
    return interval;
  }) as typeof setInterval;
  globalThis.clearTimeout = ((timer?: Parameters<typeof clearTimeout>[0]) => {
    waiting.delete(timer);
    real.clearTimeout(timer);
  }) as typeof clearTimeout;
  globalThis.clearInterval = ((interval?: Parameters<typeof clearInterval>[0]) => {
    waiting.delete(interval);
    real.clearInterval(interval);
  }) as typeof clearInterval;
}

function stopFollowingTimers(): void {
  Object.assign(globalThis, real);
  waiting.clear();
}

let start: ProcessState;

beforeAll(() => {
  start = current();
  followTimers();
});

afterAll(async () => {
  const left: string[] = [];
  if (vi.isFakeTimers()) {
    vi.useRealTimers();
    left.push('fake timers (vi.useFakeTimers without vi.useRealTimers)');
  }
  const deadline = Date.now() + GONE_WITHIN_MS;
  const nothingLeft = () => moreHandles(start.handles).length === 0 && waiting.size === 0;
  while (!nothingLeft() && Date.now() < deadline) await new Promise((resolve) => real.setTimeout(resolve, 50));
  const open = moreHandles(start.handles);
  if (open.length > 0) left.push(`open handles: ${open.join(', ')}`);
  if (waiting.size > 0) left.push(`timers still waiting: ${[...waiting.values()].join('; ')}`);
  stopFollowingTimers();
  const end = current();
  const env = changed(start.env, end.env);
  if (env.length > 0) left.push(`environment variables changed: ${env.join(', ')}`);
  const listeners = changed(start.listeners, end.listeners);
  if (listeners.length > 0) left.push(`process listeners changed: ${listeners.join(', ')}`);
  const globals = [...end.globals].filter((name) => !start.globals.has(name));
  if (globals.length > 0) left.push(`globals added: ${globals.join(', ')}`);
  if (end.cwd !== start.cwd) left.push(`current folder changed to ${end.cwd}`);
  if (end.exitCode !== start.exitCode) left.push(`process.exitCode set to ${String(end.exitCode)}`);
  if (left.length > 0) throw new Error(`this file left state behind for the files after it: ${left.join('; ')}`);
}, GONE_WITHIN_MS + 5_000);

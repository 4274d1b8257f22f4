/**
 * What every widget of the service form can reach through RJSF's `registry.formContext`.
 *
 * The current form data lives in a tiny external store rather than in the context value itself:
 * the context object stays the same for the life of the form, so typing in one field does not
 * re-render every other field, while a widget that depends on another field (a lookup whose source
 * is `plastics/consumption-areas/{consumption_area_id}`) subscribes to just the value it needs.
 */
import { useSyncExternalStore } from 'react';
import type { ApiReader } from './use-api-query';

export type FormData = Record<string, unknown>;

export interface FormDataStore {
  get(): FormData;
  set(data: FormData): void;
  subscribe(listener: () => void): () => void;
}

export interface ServiceFormContext {
  /** Reads the lists a definition names (lookups): the engine's backend, or any API client. */
  api: ApiReader;
  clientId: number | string;
  /** Writes sibling fields (top-level or dotted paths); `undefined` clears a field. */
  setFields(patch: Record<string, unknown>): void;
  /** The latest committed form data. */
  store: FormDataStore;
  /** List widgets report the names of their options (id -> name) for the confirm summary. */
  rememberOptionNames?: (field: string, names: Record<string, string>) => void;
  /** Text inputs holding typed text not yet handed to the form (see deferred-input-template.tsx). */
  pendingEdits?: PendingEdits;
  /** Says `text` to a screen reader through the form's polite status region (a counter near its limit). */
  announce?: (text: string) => void;
  /** Long objects still adding their fields (see progressive-object-template.tsx). */
  drawing?: DrawingFields;
}

/**
 * The long objects of a form still adding their fields, task by task. While one is, the page below
 * the form moves down with each task: a button there (the wizard's Next) waits for the form to be
 * whole, or a click aimed at it could land on a field that took its place.
 */
export interface DrawingFields {
  /** An object starts adding fields; answers the call that says it has them all (or went away). */
  start(): () => void;
}

/** Counts the objects still drawing and tells `onChange` when the form starts and stops drawing. */
export function createDrawingFields(onChange: (drawing: boolean) => void): DrawingFields {
  let count = 0;
  return {
    start() {
      count += 1;
      if (count === 1) onChange(true);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        count -= 1;
        if (count === 0) onChange(false);
      };
    },
  };
}

/** Flushers of inputs that hold an edit the form has not received yet. */
export interface PendingEdits {
  /** Registers a flusher; answers its removal. */
  add(flush: () => void): () => void;
  /** Hands every pending edit to the form. */
  flushAll(): void;
  /**
   * An input starts holding an edit the form has not received (its first key since it last handed
   * one over): said once per pause of typing, never per key.
   */
  editing(): void;
}

/** Pending edits of one form; `onEditing` hears each input that starts holding an edit. */
export function createPendingEdits(onEditing?: () => void): PendingEdits {
  const flushers = new Set<() => void>();
  return {
    add(flush) {
      flushers.add(flush);
      return () => flushers.delete(flush);
    },
    flushAll() {
      for (const flush of flushers) flush();
    },
    editing() {
      onEditing?.();
    },
  };
}

export function createFormDataStore(initial: FormData): FormDataStore {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(data) {
      if (data === current) return;
      current = data;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Subscribes to a value derived from the form data; the component re-renders only when the
 * derived value changes (compared with `Object.is`, so derive primitives such as a resolved path).
 */
export function useFormSelector<T>(store: FormDataStore, select: (data: FormData) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}

/** Narrows RJSF's untyped form context. */
export function readFormContext(formContext: unknown): ServiceFormContext {
  return formContext as ServiceFormContext;
}

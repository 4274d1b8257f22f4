/**
 * The requests and answers of the staff console's routes (server/routes/staff-console.ts): the queue
 * and its export, the review page, its documents, notes, assignment and legal hold.
 */
import { APPLICATION_DETAIL_SCHEMA } from '../../engine/core';
import { anyValue, flag, integer, list, nullableText, object, text, type Schema } from './answers';
import { requiredText, tooLong } from '../field-rules';
import { HOLD_REASON_MAX_LENGTH } from '../retention/legal-hold';

export const QUEUE_SORTS = ['submitted', '-submitted', 'number', 'status', 'service'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];
export const QUEUE_MAX_SIZE = 100;
export const QUEUE_DEFAULT_SIZE = 25;
export const NOTE_MAX_LENGTH = 5000;

const DATE_MESSAGE = 'Give a date as YYYY-MM-DD.';
const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', errorMessage: { pattern: DATE_MESSAGE } } as const;
const name = (max: number) => ({ type: 'string', maxLength: max, errorMessage: { maxLength: tooLong(max) } }) as const;

/** The queue's filters, shared by the list and the export. */
const QUEUE_FILTERS = {
  service: { ...name(100), description: "A service's key" },
  status: { ...name(100), description: 'A status key, or its id' },
  assignee: { ...name(50), description: "The assignee's staff name" },
  mine: {
    type: 'string',
    enum: ['true', 'false'],
    description: 'true: assigned to the caller',
    errorMessage: { enum: 'Give true or false.' },
  },
  from: { ...date, description: 'Submitted on or after this day' },
  to: { ...date, description: 'Submitted on or before this day' },
  q: {
    type: 'string',
    trim: true,
    maxLength: 200,
    description: "Searches the application number, the applicant's name and e-mail, the company's name",
    errorMessage: { maxLength: tooLong(200) },
  },
} as const;

export const QUEUE_QUERY = {
  type: 'object',
  properties: {
    ...QUEUE_FILTERS,
    sort: {
      type: 'string',
      enum: QUEUE_SORTS,
      description: 'The order (default -submitted: newest first)',
      errorMessage: { enum: `Sort by one of ${QUEUE_SORTS.join(', ')}.` },
    },
    page: { type: 'string', pattern: '^[1-9]\\d{0,5}$', errorMessage: { pattern: 'Give a page from 1.' } },
    size: {
      type: 'string',
      pattern: '^([1-9]|[1-9]\\d|100)$',
      description: `Rows a page (at most ${QUEUE_MAX_SIZE}, ${QUEUE_DEFAULT_SIZE} by default)`,
      errorMessage: { pattern: `Give a size from 1 to ${QUEUE_MAX_SIZE}.` },
    },
  },
} as const;

export const EXPORT_QUERY = {
  type: 'object',
  properties: {
    ...QUEUE_FILTERS,
    format: {
      type: 'string',
      enum: ['csv', 'json'],
      description: 'csv (default) or json',
      errorMessage: { enum: 'Give csv or json.' },
    },
    lang: {
      type: 'string',
      pattern: '^[a-z]{2}$',
      description: 'The language of the column titles (en by default)',
      errorMessage: { pattern: 'Give a language code such as en.' },
    },
  },
} as const;

export const DOCUMENT_QUERY = {
  type: 'object',
  properties: {
    inline: {
      type: 'string',
      enum: ['1', '0'],
      description: '1: shown in the browser (a preview)',
      errorMessage: { enum: 'Give 1 or 0.' },
    },
  },
} as const;

const QUEUE_ITEM = object(
  {
    id: integer,
    app_id: text,
    service: text,
    service_title: text,
    status_id: integer,
    status_key: text,
    applicant: text,
    company: nullableText,
    submitted_at: nullableText,
    assignee: nullableText,
  },
  [
    'id',
    'app_id',
    'service',
    'service_title',
    'status_id',
    'status_key',
    'applicant',
    'company',
    'submitted_at',
    'assignee',
  ],
);

export const QUEUE_PAGE: Schema = object(
  {
    items: list(QUEUE_ITEM),
    total: integer,
    page: integer,
    size: integer,
    counts: list(
      object({ status_id: integer, status_key: text, count: integer }, ['status_id', 'status_key', 'count']),
    ),
  },
  ['items', 'total', 'page', 'size', 'counts'],
);

/** `schema`, or null. */
const orNull = (schema: Schema): Schema => ({ ...schema, type: ['object', 'null'] });

const NOTE = object({ id: integer, author: text, body: text, created_at: text }, [
  'id',
  'author',
  'body',
  'created_at',
]);

const HISTORY_ROW = object(
  {
    id: integer,
    status_id: integer,
    status_key: text,
    comment: nullableText,
    created_at: text,
    actor: nullableText,
    transition: nullableText,
    session: nullableText,
    internal: flag,
    event: nullableText,
    event_subject: nullableText,
  },
  ['id', 'status_id', 'created_at', 'internal'],
);

const DOCUMENT = object(
  {
    id: integer,
    description: text,
    name: text,
    size: integer,
    mime: text,
    created_at: text,
    internal: flag,
    url: text,
  },
  ['id', 'description', 'name', 'url'],
);

const TRANSITION = object(
  {
    name: text,
    description: nullableText,
    via: text,
    to: integer,
    to_key: text,
    role: text,
    document: orNull(object({ description: text, accept: list(text) })),
    text: orNull(object({ name: text, required: flag })),
    conditions: anyValue,
    conditions_hold: flag,
    allowed: flag,
    reason: nullableText,
  },
  ['name', 'to', 'allowed'],
);

export const REVIEW: Schema = object(
  {
    application: object(
      {
        id: integer,
        app_id: text,
        service: text,
        service_title: text,
        status_id: integer,
        status_key: text,
        applicant: object({ name: text, email: text }),
        company: nullableText,
        created_at: text,
        submitted_at: nullableText,
        updated_at: text,
        assignee: nullableText,
        role: nullableText,
        legal_hold: orNull(object({ by: text, at: text, reason: text }, ['by', 'at', 'reason'])),
      },
      ['id', 'app_id', 'service', 'status_id', 'assignee', 'legal_hold'],
    ),
    answers: APPLICATION_DETAIL_SCHEMA,
    documents: list(DOCUMENT),
    history: list(HISTORY_ROW),
    notes: list(NOTE),
    transitions: list(TRANSITION),
  },
  ['application', 'answers', 'documents', 'history', 'notes', 'transitions'],
);

export const NOTE_BODY = {
  type: 'object',
  properties: { body: requiredText(NOTE_MAX_LENGTH) },
  required: ['body'],
  additionalProperties: false,
  errorMessage: { type: 'Send a JSON object.', required: { body: 'This field is required' } },
} as const;

export const NOTE_ADDED: Schema = NOTE;

export const ASSIGNMENT_BODY = {
  type: 'object',
  properties: {
    assignee: {
      type: ['string', 'null'],
      maxLength: 50,
      description: "A staff name (the caller's own takes it), or null to release it",
      errorMessage: { type: 'Give a staff name, or null.', maxLength: tooLong(50) },
    },
  },
  required: ['assignee'],
  additionalProperties: false,
  errorMessage: { type: 'Send a JSON object.', required: { assignee: 'This field is required' } },
} as const;

export const ASSIGNED: Schema = object({ id: integer, assignee: nullableText }, ['id', 'assignee']);

/** Sets (`hold: true`, with its reason) or lifts (`hold: false`) an application's legal hold. */
export const LEGAL_HOLD_BODY = {
  type: 'object',
  properties: {
    hold: {
      type: 'boolean',
      description: 'true: keep the application from the retention job; false: lift the hold',
      errorMessage: { type: 'Give true or false.' },
    },
    reason: {
      type: ['string', 'null'],
      maxLength: HOLD_REASON_MAX_LENGTH,
      description: 'Why it is held (required to set a hold), or why the hold is lifted',
      errorMessage: { type: 'Give a text, or null.', maxLength: tooLong(HOLD_REASON_MAX_LENGTH) },
    },
  },
  required: ['hold'],
  additionalProperties: false,
  errorMessage: { type: 'Send a JSON object.', required: { hold: 'This field is required' } },
} as const;

export const LEGAL_HOLD: Schema = object(
  {
    id: integer,
    app_id: text,
    legal_hold: flag,
    legal_hold_by: nullableText,
    legal_hold_at: nullableText,
    legal_hold_reason: nullableText,
  },
  ['id', 'app_id', 'legal_hold', 'legal_hold_by', 'legal_hold_at', 'legal_hold_reason'],
);

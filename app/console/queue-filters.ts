/**
 * The queue's filters, sorting and page as the address holds them (`/console?status=submitted&mine=1`):
 * a link to a filtered queue can be shared, and back and forward walk through the filters. The same
 * filters make the queue's API query and its export links. Defaults are left out of the address.
 */

/** Rows per page of the queue. */
export const QUEUE_PAGE_SIZE = 25;

/**
 * The orders the API sorts by (`sort`): the submission date either way (`-` first: newest first),
 * the number, the status and the service ascending.
 */
export const SORTS = ['-submitted', 'submitted', 'number', 'status', 'service'] as const;
export type SortColumn = 'submitted' | 'number' | 'status' | 'service';

export const DEFAULT_SORT = '-submitted';

export interface QueueFilters {
  /** A service's key (the cross-service queue only; a service's own queue has it in its path). */
  service: string;
  /** A status key. */
  status: string;
  /** The name of the staff member it is assigned to. */
  assignee: string;
  /** Only those assigned to the signed-in person. */
  mine: boolean;
  /** Submitted on or after / on or before (YYYY-MM-DD). */
  from: string;
  to: string;
  /** Free text: number, applicant, company. */
  q: string;
  sort: string;
  /** From 1. */
  page: number;
}

const TEXT_FILTERS = ['service', 'status', 'assignee', 'from', 'to', 'q'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of an address's query; what is missing or malformed takes its default. */
export function readFilters(params: URLSearchParams): QueueFilters {
  const text = (name: string) => params.get(name)?.trim() ?? '';
  const date = (name: string) => (DATE.test(text(name)) ? text(name) : '');
  const sort = text('sort');
  const page = Number(text('page'));
  return {
    service: text('service'),
    status: text('status'),
    assignee: text('assignee'),
    mine: params.get('mine') === '1' || params.get('mine') === 'true',
    from: date('from'),
    to: date('to'),
    q: text('q'),
    sort: (SORTS as readonly string[]).includes(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address's query of `filters`, defaults left out (so the plain queue is `/console`). */
export function writeFilters(filters: QueueFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of TEXT_FILTERS) if (filters[name]) params.set(name, filters[name]);
  if (filters.mine) params.set('mine', '1');
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * The filters changed by `change`: any change but the page's goes back to the first page (the rows
 * are others), as any change but the sort's keeps the sort.
 */
export function changeFilters(filters: QueueFilters, change: Partial<QueueFilters>): QueueFilters {
  return { ...filters, page: 1, ...change };
}

/** The filters as the API reads them (`service` from the path when the queue is one service's). */
function apiFilters(filters: QueueFilters, service: string | undefined): URLSearchParams {
  const params = new URLSearchParams();
  const chosen = service ?? filters.service;
  if (chosen) params.set('service', chosen);
  if (filters.status) params.set('status', filters.status);
  if (filters.assignee) params.set('assignee', filters.assignee);
  if (filters.mine) params.set('mine', 'true');
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.q) params.set('q', filters.q);
  params.set('sort', filters.sort);
  return params;
}

/** The path of `GET staff/queue` for the filters' page. */
export function queuePath(filters: QueueFilters, service?: string): string {
  const params = apiFilters(filters, service);
  params.set('page', String(filters.page));
  params.set('size', String(QUEUE_PAGE_SIZE));
  return `staff/queue?${params.toString()}`;
}

/** The path of the export of every row the filters select (all pages), in `language`. */
export function exportPath(
  filters: QueueFilters,
  service: string | undefined,
  format: 'csv' | 'json',
  language: string,
): string {
  const params = apiFilters(filters, service);
  return `staff/queue/export?format=${format}&lang=${encodeURIComponent(language)}&${params.toString()}`;
}

/**
 * The sort after a click on `column`'s header: the submission date newest first, then the other
 * way; another column in its one order.
 */
export function nextSort(current: string, column: SortColumn): string {
  if (column !== 'submitted') return column;
  return current === '-submitted' ? 'submitted' : '-submitted';
}

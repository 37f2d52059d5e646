// The people tasks of issue 12 (common/src/tasks/people.ts: drivers and contacts) and the panic
// remotes they hold (common/src/tasks/fleet.ts), as TanStack Query options and calls.
import { MAX_PAGE_SIZE, type PersonInput, type TaskRequest } from '@fleet/common';
import { call } from './call';
import type { RequestOptions } from './client';
import { taskKey, taskQuery } from './queries';

export const personQuery = (pid: number, opts?: RequestOptions) =>
  taskQuery('get_person', { pid }, opts);
export const contactsQuery = () => taskQuery('get_contacts', {});
export const remotesQuery = () => taskQuery('get_remotes', {});
export const remoteQuery = (id: number) => taskQuery('get_remote', { id });
/** Everyone, for pickers (a remote's holder): one page of up to 500, sorted by name. */
export const peoplePickerQuery = () =>
  taskQuery(
    'get_people',
    { page: 1, page_size: MAX_PAGE_SIZE, sort: 'name', order: 'asc' },
    { silent: true },
  );

/** Silent: the form shows the server's refusal beside the field it names. */
export const setPerson = (input: PersonInput) => call('set_person', input, { silent: true });
export const deletePerson = (pid: number) => call('delete_person', { pid });

/** One page of people as the export reads them (the largest page the server gives). */
export const peoplePage = (filters: Omit<TaskRequest<'get_people'>, 'page_size'>, page: number) =>
  call('get_people', { ...filters, page, page_size: MAX_PAGE_SIZE });

export const importPeople = (rows: TaskRequest<'import_people'>['rows'], dryRun: boolean) =>
  call('import_people', { rows, dry_run: dryRun }, { silent: true });

export const setRemote = (input: TaskRequest<'set_remote'>) =>
  call('set_remote', input, { silent: true });
export const deleteRemote = (id: number) => call('delete_remote', { id });

/** Every query a change to a person can make stale (lists, pickers, driver trips' names). */
export const PEOPLE_KEYS = [taskKey('get_people'), taskKey('get_person'), taskKey('get_contacts')];
export const REMOTE_KEYS = [taskKey('get_remotes'), taskKey('get_remote')];

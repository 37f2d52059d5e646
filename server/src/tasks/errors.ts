import { RESULT } from '@fleet/common';

/** A refusal a user can understand; answered as `{result, message}`. */
export class TaskError extends Error {
  constructor(
    message: string,
    readonly result: number = RESULT.REFUSED,
  ) {
    super(message);
  }
}

/** Another client's id answers exactly like an id that does not exist (API.md §3). */
export function notFound(what: string): TaskError {
  return new TaskError(`${what} not found`);
}

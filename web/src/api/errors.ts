// Error text of SPEC §8: the user-facing message for each result code.
import { RESULT, type ApiEnvelope, type CallAnswer } from '@fleet/common';

export const LOGGED_OUT_MESSAGE = 'You have been logged out';
export const BAD_CREDENTIALS_MESSAGE = 'Incorrect Username or Password';
export const SERVER_ERROR_MESSAGE = 'Server error';
/** result codes below 0 are ours: the answer never arrived. */
export const RESULT_NETWORK = -1;
export const RESULT_TIMEOUT = -2;

export class ApiError extends Error {
  readonly result: number;
  readonly envelope?: ApiEnvelope;

  constructor(message: string, result: number, envelope?: ApiEnvelope) {
    super(message);
    this.name = 'ApiError';
    this.result = result;
    this.envelope = envelope;
  }
}

/**
 * Joins the error and message fields of an answer and of each entry of its responses list
 * (SPEC §8), skipping repeats, so one failing task is named once.
 */
export function joinErrors(answer: CallAnswer): string {
  const parts: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === 'string' && value.trim() && !parts.includes(value.trim())) {
      parts.push(value.trim());
    }
  };
  add(answer.message);
  add(answer.error);
  for (const entry of answer.responses ?? []) {
    if (entry.result !== RESULT.OK) {
      add(entry.message);
      add(entry.error);
    }
  }
  return parts.join(' — ');
}

/** The text a user sees for a failed answer. */
export function errorText(answer: CallAnswer): string {
  if (answer.result === RESULT.NO_SESSION) return LOGGED_OUT_MESSAGE;
  if (answer.result === RESULT.BAD_CREDENTIALS) return BAD_CREDENTIALS_MESSAGE;
  return joinErrors(answer) || `The request failed (result ${answer.result})`;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

// /api/report (SPEC §7, API.md §4): the file's bytes, a staging flag when the theme's report server
// is staging, 'Server error' on HTTP 500, the server's message on HTTP 400 (SPEC-CHECKLIST
// decision: the user learns what was wrong) and nothing for any other status but 200. Both calls
// take an AbortSignal (RequestOptions.signal): the generate page's Cancel ends the request.
import {
  RESULT,
  type CallAnswer,
  type ReportDoc,
  type TaskRequest,
  type TaskResponse,
} from '@fleet/common';
import { failure, post, postRaw, type RequestOptions } from './client';
import { SERVER_ERROR_MESSAGE } from './errors';

let staging = false;

export function setReportServer(server: 'live' | 'staging'): void {
  staging = server === 'staging';
}

export interface ReportFile {
  data: ArrayBuffer;
  filename: string | null;
  contentType: string | null;
}

export async function requestReport(
  parameters: Record<string, unknown>,
  opts: RequestOptions = {},
): Promise<ReportFile | null> {
  const body = {
    requests: [{ task: 'get_report', ref: 'report', parameters }],
    ...(staging ? { staging: true } : {}),
  };
  const response = await postRaw('/api/report', body, opts);
  if (response.status === 500) {
    const answer = (await response.json().catch(() => ({}))) as CallAnswer;
    throw failure(
      { result: RESULT.REFUSED, message: SERVER_ERROR_MESSAGE, error: answer.error },
      opts,
    );
  }
  if (response.status === 400) {
    const answer = (await response.json().catch(() => ({}))) as CallAnswer;
    throw failure(
      {
        result: answer.result ?? RESULT.REFUSED,
        message: answer.message ?? 'The report was refused',
      },
      opts,
    );
  }
  if (response.status !== 200) return null;
  const data = await response.arrayBuffer();
  const contentType = response.headers.get('Content-Type');
  // A refusal (no session, missing role) comes back as the JSON envelope, not as a file.
  if (contentType?.startsWith('application/json')) {
    const answer = JSON.parse(new TextDecoder().decode(data)) as CallAnswer;
    if (answer.result !== RESULT.OK) throw failure(answer, opts);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return {
    data,
    filename: /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? null,
    contentType,
  };
}

/**
 * The Website view's document (get_report_data). Sent as a request of its own, not batched with
 * the page's other calls, so that cancelling it ends only this report.
 */
export async function requestReportData(
  parameters: TaskRequest<'get_report_data'>,
  opts: RequestOptions = {},
): Promise<ReportDoc> {
  const answer = await post<CallAnswer>(
    '/api/call',
    { requests: [{ task: 'get_report_data', ref: 0, parameters }] },
    opts,
  );
  const entry = answer.responses?.[0];
  if (!entry) throw failure({ result: RESULT.REFUSED, message: 'No report came back' }, opts);
  if (entry.result !== RESULT.OK) throw failure({ result: entry.result, responses: [entry] }, opts);
  return (entry.data as TaskResponse<'get_report_data'>).report;
}

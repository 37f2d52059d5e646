// One run of a report (reports/generate/{var_string}): a PDF or CSV from /api/report, downloaded as
// soon as it arrives, or the Website view's document from get_report_data. The run is named by a
// random progress_id so get_progress can say, every half second, how far the server has come; the
// page shows that once the run has taken more than a second. Cancel aborts the request, and the
// server, seeing the connection close, stops.
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ReportDoc, ReportFormat, ReportParams } from '@fleet/common';
import { requestReport, requestReportData, type ReportFile } from '../../../api/report';
import { downloadFile } from '../../../components/download';
import { progressQuery } from '../reportsApi';

/** Faster runs show a spinner only; a progress bar would flash. */
export const SLOW_AFTER_MS = 1000;
export const PROGRESS_POLL_MS = 500;

export type RunState =
  | { phase: 'running'; slow: boolean }
  | { phase: 'file'; file: ReportFile; name: string }
  | { phase: 'doc'; doc: ReportDoc }
  | { phase: 'failed'; message: string }
  | { phase: 'cancelled' };

const MIME: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  html: 'text/html',
};

/** 32 random hex digits (get_progress takes 8 to 64 of [A-Za-z0-9_-]). */
export function newProgressId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The file's name when the server gives none: trips-2026-11-01-2026-11-30.pdf. */
export function fallbackFileName(params: ReportParams, format: ReportFormat): string {
  const period = params.date_range ? `-${params.date_range.join('-')}` : '';
  return `${params.report}${period}.${format}`;
}

/** Offers the file to the browser (again, for "Download again"). */
export function saveFile(file: ReportFile, name: string, format: ReportFormat): void {
  downloadFile(name, file.data, file.contentType ?? MIME[format]);
}

async function runOnce(
  params: ReportParams,
  format: ReportFormat,
  progressId: string,
  signal: AbortSignal,
): Promise<RunState> {
  const opts = { signal, silent: true };
  const body = { ...params, progress_id: progressId };
  if (format === 'html') return { phase: 'doc', doc: await requestReportData(body, opts) };
  const file = await requestReport({ ...body, format }, opts);
  // SPEC §7: a status other than 200 or 500 yields nothing.
  if (!file) return { phase: 'failed', message: 'No report came back from the server' };
  return { phase: 'file', file, name: file.filename ?? fallbackFileName(params, format) };
}

/** Runs `params` (null: nothing to run) as `format`; a new `attempt` runs it again. */
export function useReportRun(params: ReportParams | null, format: ReportFormat, attempt: number) {
  const [state, setState] = useState<RunState>({ phase: 'running', slow: false });
  const [progressId, setProgressId] = useState('');
  const controller = useRef<AbortController | null>(null);
  const runKey = params ? `${JSON.stringify(params)} ${format}` : null;

  useEffect(() => {
    if (!params) return;
    const abort = new AbortController();
    controller.current = abort;
    const id = newProgressId();
    setProgressId(id);
    setState({ phase: 'running', slow: false });
    const slow = setTimeout(
      () => setState((s) => (s.phase === 'running' ? { phase: 'running', slow: true } : s)),
      SLOW_AFTER_MS,
    );
    runOnce(params, format, id, abort.signal)
      .then((next) => {
        if (abort.signal.aborted) return;
        if (next.phase === 'file') saveFile(next.file, next.name, format);
        setState(next);
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        setState({
          phase: 'failed',
          message: error instanceof Error ? error.message : String(error),
        });
      })
      .finally(() => clearTimeout(slow));
    return () => {
      clearTimeout(slow);
      abort.abort();
    };
    // runKey stands for params and format, which are new objects on every render.
  }, [runKey, attempt]);

  const running = state.phase === 'running';
  const progress = useQuery({
    ...progressQuery(progressId),
    enabled: running && progressId !== '',
    refetchInterval: running ? PROGRESS_POLL_MS : false,
    retry: false,
  });

  const cancel = () => {
    controller.current?.abort();
    setState({ phase: 'cancelled' });
  };
  return { state, cancel, progress: running ? (progress.data?.progress ?? null) : null };
}

// /api/report from the web client: a 400 envelope's message reaches the user (SPEC-CHECKLIST
// decision), a 500 says 'Server error', another status yields nothing (SPEC §7).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mockApi';
import { requestReport, requestReportData, setReportServer } from './report';

afterEach(() => vi.unstubAllGlobals());

const ask = () => requestReport({ report: 'statement', format: 'pdf' }, { silent: true });

describe('requestReport', () => {
  it("shows the server's message of a refused report", async () => {
    mockApi(
      {},
      { '/api/report': () => ({ status: 400, body: { result: 1, message: 'Client not found' } }) },
    );
    await expect(ask()).rejects.toMatchObject({ message: 'Client not found' });
  });

  it('says Server error on 500 and yields nothing on another status', async () => {
    mockApi({}, { '/api/report': () => ({ status: 500, body: { result: 1, error: 'r-1' } }) });
    await expect(ask()).rejects.toMatchObject({ message: expect.stringMatching(/^Server error/) });
    mockApi({}, { '/api/report': () => ({ status: 404, body: {} }) });
    expect(await ask()).toBeNull();
  });
});

describe('Cancelling a report and the Website document', () => {
  it('aborts the request when the signal fires, without telling the user anything', async () => {
    let aborted = false;
    vi.stubGlobal('fetch', (_: unknown, init: RequestInit) => {
      return new Promise((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('Aborted', 'AbortError'));
        }),
      );
    });
    const cancel = new AbortController();
    const pending = requestReport({ report: 'trips', format: 'pdf' }, { signal: cancel.signal });
    cancel.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(aborted).toBe(true);
  });

  it('marks a staging report server and reads the document of get_report_data', async () => {
    const api = mockApi(
      {
        get_report_data: (p) =>
          p.ids?.[0] === 99
            ? { result: 1, message: 'ids: vehicle 99 is not one of yours' }
            : { data: { report: { title: 'Trips and stops', sections: [] } } },
      },
      { '/api/report': () => ({ status: 404, body: {} }) },
    );
    setReportServer('staging');
    try {
      await requestReport({ report: 'trips', format: 'csv' }, { silent: true });
      expect(api.calls[0].body.staging).toBe(true);
    } finally {
      setReportServer('live');
    }
    const doc = await requestReportData({ report: 'trips', ids: [1] }, { silent: true });
    expect(doc.title).toBe('Trips and stops');
    // One request of its own, so that cancelling it ends only this report.
    expect(api.calls.at(-1)!.body.requests).toHaveLength(1);
    await expect(
      requestReportData({ report: 'trips', ids: [99] }, { silent: true }),
    ).rejects.toMatchObject({ message: 'ids: vehicle 99 is not one of yours' });
  });
});

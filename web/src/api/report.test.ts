// /api/report from the web client: a 400 envelope's message reaches the user (SPEC-CHECKLIST
// decision), a 500 says 'Server error', another status yields nothing (SPEC §7).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mockApi';
import { requestReport } from './report';

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

// /api/report (API.md §4; issue 15): a client's statement and a quote's contract as PDF, holding
// what the pages show (the text is read back out of the file); another client's statement, an
// unknown report or format answer HTTP 400 with a message; no session answers result 2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRand } from '@fleet/common';
import { createTestApp, type TestApp } from '../support/test-app';
import { clientIdOf } from '../support/fleet-records';
import { pdfText } from '../support/pdf-text';

let t: TestApp;
let demo: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  other = await t.login('other');
});
afterAll(() => t.close());

async function report(token: string | undefined, parameters: Record<string, unknown>) {
  return t.running.app.inject({
    method: 'POST',
    url: '/api/report',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: JSON.stringify({
      requests: [{ task: 'get_report', ref: 'report', parameters }],
      channel: 'test',
    }),
  });
}

describe('statement PDF', () => {
  it('holds the statement a client reads, with its closing balance', async () => {
    const res = await report(demo, { report: 'statement', format: 'pdf' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="statement-demo-fleet-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const statement = (await t.task(demo, 'get_statement')).data.statement;
    const text = pdfText(res.rawPayload).replace(/\n/g, '');
    const rand = (c: number) => formatRand(c).replace(/\u00a0/g, ' ');
    expect(text).toContain('Demo Fleet');
    expect(text).toContain('Closing balance');
    expect(text).toContain(rand(statement.closing_cents));
    for (const line of statement.lines) expect(text).toContain(line.reference);
  });

  it("refuses another client's statement, an unknown report and a format it has not", async () => {
    const demoCid = await clientIdOf(t.running.services.db.db, 'Demo Fleet');
    const foreign = await report(other, { report: 'statement', format: 'pdf', cid: demoCid });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ result: 1, message: 'Client not found' });
    const unknown = await report(demo, { report: 'payroll', format: 'pdf' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('report: "payroll" is not a report');
    const format = await report(demo, { report: 'statement', format: 'html' });
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toBe('format: this report comes as pdf');
    const badDate = await report(demo, { report: 'statement', format: 'pdf', from: 'soon' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toMatch(/from/);
  });

  it('answers result 2 without a session', async () => {
    const res = await report(undefined, { report: 'statement', format: 'pdf' });
    expect(res.json()).toMatchObject({ result: 2 });
  });
});

describe('contract PDF', () => {
  it("holds a priced quote's contract and its price", async () => {
    const quotes = (await t.task(demo, 'get_quotes', { status: 'quoted' })).data.quotes;
    const quote = quotes.find((q: any) => q.monthly_cents !== null);
    expect(quote, 'the demo has a priced quote').toBeTruthy();
    const res = await report(demo, { report: 'quote_contract', format: 'pdf', id: quote.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      `contract-${quote.reference.toLowerCase()}.pdf`,
    );
    const text = pdfText(res.rawPayload).replace(/\n/g, '');
    expect(text).toContain(quote.reference);
    expect(text).toContain('Signed for Demo Fleet');
    const foreign = await report(other, { report: 'quote_contract', format: 'pdf', id: quote.id });
    expect(foreign.statusCode).toBe(400);
  });
});

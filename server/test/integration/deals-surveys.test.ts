// Monthly deals and surveys through /api/call (issue 15): every user reads the deals valid now and
// to come, support staff also the expired ones and write them (plain text, valid_to not before
// valid_from, price in cents); a client answers its open survey once with a rating of 1 to 5, a
// second answer is refused, another client's survey answers not found; support staff write
// surveys for any client. Writes are logged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_ANSWERED } from '@fleet/common';
import { createTestApp, type TestApp } from '../support/test-app';
import { changeLogsOf, clientIdOf, rowCount } from '../support/fleet-records';

let t: TestApp;
let demo: string;
let lite: string;
let other: string;
let support: string;
let demoCid: number;
let otherCid: number;

const db = () => t.running.services.db.db;
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  lite = await t.login('lite');
  other = await t.login('other');
  support = await t.login('support');
  demoCid = await clientIdOf(db(), 'Demo Fleet');
  otherCid = await clientIdOf(db(), 'Other Fleet');
});
afterAll(() => t.close());

describe('monthly deals', () => {
  it('shows clients the current deal and support staff every deal on asking', async () => {
    for (const token of [demo, lite]) {
      const deals = (await t.task(token, 'get_monthly_deals')).data.monthly_deals;
      expect(deals).toHaveLength(1);
      expect(deals[0]).toMatchObject({
        title: 'Winter special: backup unit at half price',
        price_cents: 89_900,
        current: true,
      });
    }
    // Only support staff see expired deals.
    expect(
      (await t.task(demo, 'get_monthly_deals', { all: true })).data.monthly_deals,
    ).toHaveLength(1);
    const all = (await t.task(support, 'get_monthly_deals', { all: true })).data.monthly_deals;
    expect(all.map((d: any) => [d.title, d.current])).toEqual([
      ['Summer dash-cam bundle', false],
      ['Winter special: backup unit at half price', true],
    ]);
  });

  it('lets support staff add, edit and delete a deal, logged; clients see an upcoming one', async () => {
    const res = await t.task(support, 'set_monthly_deal', {
      title: 'Spring: 20% off Stealth units!',
      description: 'Fitted before the end of the month.\nAsk your account manager.',
      price: '1 499.00',
      valid_from: day(40),
      valid_to: day(70),
    });
    expect(res.result, res.message).toBe(0);
    const id = res.data.monthly_deal.id;
    expect(res.data.monthly_deal).toMatchObject({ price_cents: 149_900, current: false });
    const seen = (await t.task(demo, 'get_monthly_deals')).data.monthly_deals;
    expect(seen.map((d: any) => d.title)).toEqual([
      'Winter special: backup unit at half price',
      'Spring: 20% off Stealth units!',
    ]);
    const edited = await t.task(support, 'set_monthly_deal', {
      id,
      title: 'Spring special',
      valid_from: day(40),
      valid_to: day(70),
      price: null,
    });
    expect(edited.data.monthly_deal).toMatchObject({ title: 'Spring special', price_cents: null });
    expect((await t.task(support, 'delete_monthly_deal', { id })).result).toBe(0);
    expect((await changeLogsOf(db(), 'Monthly Deal', id)).map((l) => l.action)).toEqual([
      'I',
      'E',
      'D',
    ]);
    expect((await t.task(support, 'delete_monthly_deal', { id })).message).toBe(
      'Monthly deal not found',
    );
  });

  it('refuses HTML, a validity ending before it starts and a bad price, storing nothing', async () => {
    const before = await rowCount(db(), 'monthly_deals');
    const base = { title: 'Deal', valid_from: day(0), valid_to: day(5) };
    const cases: [Record<string, unknown>, string][] = [
      [{ description: '<b>Big</b> savings' }, 'description: must be plain text (no < or >)'],
      [{ title: '' }, 'title: is required'],
      [{ valid_to: day(-1) }, 'valid_to: must be on or after valid_from'],
      [{ price: '99.999' }, 'price: may have at most 2 decimals (cents)'],
      [{ price: '-10' }, 'price: cannot be negative'],
    ];
    for (const [change, message] of cases) {
      const res = await t.task(support, 'set_monthly_deal', { ...base, ...change });
      expect(res.result, JSON.stringify(change)).toBe(1);
      expect(res.message).toContain(message);
    }
    expect(await rowCount(db(), 'monthly_deals')).toBe(before);
    expect((await t.task(demo, 'set_monthly_deal', base)).result).toBe(3);
    expect((await t.task(demo, 'delete_monthly_deal', { id: 1 })).result).toBe(3);
  });
});

describe('surveys', () => {
  it("answers the client's open survey once; a second answer is refused", async () => {
    const surveys = (await t.task(demo, 'get_surveys')).data.surveys;
    expect(surveys[0]).toMatchObject({
      cid: demoCid,
      title: 'How are we doing?',
      status: 'open',
      rating: null,
    });
    const surveyAlert = async () => (await t.task(demo, 'get_site_alerts')).data.survey;
    expect(await surveyAlert()).toBe(1);
    const id = surveys[0].id;
    for (const [params, message] of [
      [{ id, rating: 6 }, 'rating: must be 1 to 5'],
      [{ id, rating: 0 }, 'rating: must be 1 to 5'],
      [{ id, rating: 4, comment: '<img src=x>' }, 'comment: must be plain text'],
    ] as const) {
      expect((await t.task(demo, 'set_survey_answer', params)).message).toContain(message);
    }
    // Another client's survey is not found; support staff do not answer for the client.
    const foreign = await t.task(other, 'set_survey_answer', { id, rating: 1 });
    expect(foreign.message).toBe('Survey not found');
    expect((await t.task(support, 'set_survey_answer', { id, rating: 1 })).result).toBe(3);

    const res = await t.task(demo, 'set_survey_answer', { id, rating: 4, comment: 'Good, thanks' });
    expect(res.result, res.message).toBe(0);
    expect(res.data.survey).toMatchObject({
      status: 'answered',
      rating: 4,
      comment: 'Good, thanks',
      answered_by: 'demo',
      answered_at: expect.any(String),
    });
    const again = await t.task(lite, 'set_survey_answer', { id, rating: 1 });
    expect(again.message).toBe(SURVEY_ANSWERED);
    expect((await t.task(demo, 'get_surveys')).data.surveys[0].rating).toBe(4);
    expect(await surveyAlert()).toBe(0);
    expect((await changeLogsOf(db(), 'Survey', id)).map((l) => l.action)).toEqual(['E']);
  });

  it('lets support staff ask any client; the client sees it first, open', async () => {
    const res = await t.task(support, 'set_survey', {
      cid: otherCid,
      title: 'Installation feedback',
      question: 'How was the fitting of your new units?',
    });
    expect(res.result, res.message).toBe(0);
    expect(res.data.survey).toMatchObject({ cid: otherCid, status: 'open' });
    const theirs = (await t.task(other, 'get_surveys')).data.surveys;
    expect(theirs.map((s: any) => s.title)).toEqual(['Installation feedback']);
    expect((await t.task(demo, 'get_surveys')).data.surveys.map((s: any) => s.cid)).toEqual([
      demoCid,
    ]);
    expect((await t.task(other, 'get_surveys', { cid: demoCid })).message).toBe('Client not found');
    const listed = (await t.task(support, 'get_surveys', { cid: otherCid })).data.surveys;
    expect(listed).toHaveLength(1);
    expect((await t.task(support, 'set_survey', { title: 'x', question: 'y' })).message).toBe(
      'cid is required for a new survey',
    );
    expect(
      (await t.task(demo, 'set_survey', { cid: demoCid, title: 'x', question: 'y' })).result,
    ).toBe(3);
    expect((await changeLogsOf(db(), 'Survey', res.data.survey.id)).map((l) => l.action)).toEqual([
      'I',
    ]);
  });
});

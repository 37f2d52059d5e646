// Surveys (issue 15; SPEC §2: the survey site alert has no route, the web opens it in place): the
// provider asks a client a question, a user of the client answers it once with a rating of 1 to 5
// and a comment. Support staff write them for any client.
import type { Selectable } from 'kysely';
import { SURVEY_ANSWERED, type Role, type Survey } from '@fleet/common';
import type { SurveysTable } from '../db/types';
import { now } from '../clock';
import { targetClient } from './client-details';
import type { TaskContext } from './context';
import { TaskError, notFound } from './errors';
import { iso } from './paging';
import { defineTask } from './registry';

/** Users who see the site alerts answer surveys; support staff write and read them. */
const ANSWER_ROLES: readonly Role[] = ['general_site_alerts'];
const READ_ROLES: readonly Role[] = ['general_site_alerts', 'user_support'];

function surveyOf(r: Selectable<SurveysTable>): Survey {
  return {
    id: r.id,
    cid: r.client_id,
    title: r.title,
    question: r.question,
    status: r.status === 'answered' ? 'answered' : 'open',
    rating: r.rating,
    comment: r.comment,
    answered_by: r.answered_by,
    answered_at: iso(r.answered_at === null ? null : Number(r.answered_at)),
    created: iso(Number(r.created)),
  };
}

async function findSurvey(ctx: TaskContext, id: number) {
  const row = await ctx.tenant
    .selectFrom('surveys')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Survey');
  return row;
}

const getSurveys = defineTask({
  name: 'get_surveys',
  roles: READ_ROLES,
  probe: (f) => ({ cid: f.cid }),
  async handler(ctx, p) {
    let q = ctx.tenant.selectFrom('surveys').selectAll();
    // Support staff see every client's unless they name one; a client user sees their own.
    if (p.cid !== undefined) q = q.where('client_id', '=', (await targetClient(ctx, p.cid)).cid);
    const rows = await q.orderBy('created', 'desc').orderBy('id', 'desc').limit(500).execute();
    const surveys = rows.map(surveyOf);
    // Open ones first, each group newest first.
    surveys.sort((a, b) => Number(a.status !== 'open') - Number(b.status !== 'open'));
    return { surveys };
  },
});

const setSurveyAnswer = defineTask({
  name: 'set_survey_answer',
  roles: ANSWER_ROLES,
  entityType: 'Survey',
  probe: (f) => ({ id: f.survey, rating: 5, comment: 'probe' }),
  async handler(ctx, p) {
    if (ctx.tenant.isSupport) throw new TaskError('A survey is answered by its client', 3);
    const survey = await findSurvey(ctx, p.id);
    if (survey.status !== 'open') throw new TaskError(SURVEY_ANSWERED);
    const done = await ctx.tenant
      .updateTable('surveys')
      .set({
        status: 'answered',
        rating: p.rating,
        comment: p.comment,
        answered_by: ctx.user.username,
        answered_at: now(),
      })
      .where('id', '=', survey.id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    // Two answers at once: the second finds it answered.
    if (Number(done.numUpdatedRows) === 0) throw new TaskError(SURVEY_ANSWERED);
    ctx.changeLog({
      action: 'E',
      entityType: 'Survey',
      entityId: survey.id,
      description: `Survey ${survey.title} answered: ${p.rating} of 5`,
    });
    return { survey: surveyOf(await findSurvey(ctx, survey.id)) };
  },
});

const setSurvey = defineTask({
  name: 'set_survey',
  roles: ['user_support'],
  entityType: 'Survey',
  probe: (f) => ({ id: f.survey, cid: f.cid, title: 'Probe survey', question: 'Probe?' }),
  async handler(ctx, p) {
    if (!ctx.tenant.isSupport) throw new TaskError('Only support staff can write surveys', 3);
    const existing = p.id !== undefined ? await findSurvey(ctx, p.id) : undefined;
    if (existing && existing.status !== 'open') {
      throw new TaskError('An answered survey cannot be changed');
    }
    if (existing && p.cid !== undefined && p.cid !== existing.client_id) {
      throw new TaskError('cid: a survey stays with its client');
    }
    const cid = existing?.client_id ?? p.cid;
    if (cid === undefined) throw new TaskError('cid is required for a new survey');
    const client = await targetClient(ctx, cid);
    let id: number;
    if (existing) {
      id = existing.id;
      await ctx.tenant
        .updateTable('surveys')
        .set({ title: p.title, question: p.question })
        .where('id', '=', id)
        .execute();
    } else {
      const row = await ctx.tenant
        .insertInto('surveys', client.cid)
        .values({
          title: p.title,
          question: p.question,
          status: 'open',
          rating: null,
          comment: '',
          answered_by: '',
          answered_at: null,
          created: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    ctx.changeLog({
      action: existing ? 'E' : 'I',
      entityType: 'Survey',
      entityId: id,
      description: `Survey ${p.title} for ${client.name} ${existing ? 'edited' : 'added'}`,
    });
    return { survey: surveyOf(await findSurvey(ctx, id)) };
  },
});

export const surveyTasks = [getSurveys, setSurveyAnswer, setSurvey];

// Session calls of API.md §2, as a Fastify plugin. Bodies are checked by their schemas first; the
// handlers keep the messages users know for empty fields.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { DEFAULT_ROLES, RESULT, isValidEmail } from '@fleet/common';
import type { Services } from '../services';
import { hashPassword, verifyPassword, hashToken } from './crypto';
import { createSession, revokeSession, bearerToken, type RequestMeta } from './sessions';
import { createTicket, consumeTicket } from './tickets';
import { loadUserInfo } from './user-info';
import { passwordProblem } from './passwords';
import { clock, now } from '../clock';
import { jsonBody, text, type ZodTypeProvider } from '../http/zod';

export function requestMeta(req: FastifyRequest): RequestMeta {
  const body = (req.body ?? {}) as Record<string, unknown>;
  return {
    requestId: req.id,
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
    channel: typeof body.channel === 'string' ? body.channel : '',
    host: req.hostname,
  };
}

const loginBody = jsonBody({ username: text(200).optional(), password: text(1000).optional() });
const forgotBody = jsonBody({ username: text(200).optional(), email: text(320).optional() });
const ticketBody = jsonBody({ ticket: text(200).optional(), password: text(1000).optional() });
const signUpBody = jsonBody({ email: text(320).optional() });
const knownLoginBody = jsonBody({ token: text(200).optional() });

export async function authRoutes(base: FastifyInstance, opts: { services: Services }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { services } = opts;
  const { db } = services.db;
  const { config, mailer, limits } = services;

  async function logConnection(
    meta: RequestMeta,
    user: { nid: number; client_id: number } | undefined,
    username: string,
    success: boolean,
    message: string,
  ) {
    await db
      .insertInto('connection_logs')
      .values({
        client_id: user?.client_id ?? null,
        user_id: user?.nid ?? null,
        username: username.slice(0, 100),
        datetimestamp: now(),
        ip: meta.ip,
        user_agent: meta.userAgent.slice(0, 300),
        channel: meta.channel.slice(0, 100),
        success: success ? 1 : 0,
        message,
      })
      .execute();
  }

  /** A user by username or e-mail, case-insensitively, with the client's state. */
  function findUser(value: string, by: 'username' | 'email' = 'username') {
    return db
      .selectFrom('users')
      .innerJoin('clients', 'clients.cid', 'users.client_id')
      .select([
        'users.nid',
        'users.client_id',
        'users.username',
        'users.password_hash',
        'users.email',
        'clients.state',
      ])
      .where(sql`lower(${sql.ref(`users.${by}`)})`, '=', value.toLowerCase())
      .executeTakeFirst();
  }

  app.post('/api/login', { schema: { body: loginBody } }, async (req) => {
    const meta = requestMeta(req);
    const username = (req.body.username ?? '').trim();
    const password = req.body.password ?? '';
    if (!username || !password) {
      return { result: RESULT.REFUSED, message: 'Username and password are required' };
    }
    const userKey = `u:${username.toLowerCase()}`;
    const ipKey = `ip:${meta.ip}`;
    const wait = Math.max(
      await limits.username.retryAfter(userKey),
      await limits.ip.retryAfter(ipKey),
    );
    if (wait > 0) {
      return {
        result: RESULT.RATE_LIMITED,
        message: `Too many login attempts. Try again in ${wait} seconds.`,
        retry_after: wait,
      };
    }
    const user = await findUser(username);
    const ok = await verifyPassword(password, user?.password_hash ?? null);
    if (!user || !ok) {
      await limits.username.fail(userKey);
      await limits.ip.fail(ipKey);
      await logConnection(meta, user, username, false, 'Incorrect Username or Password');
      return { result: RESULT.BAD_CREDENTIALS, message: 'Incorrect Username or Password' };
    }
    if (user.state !== 1) {
      await logConnection(meta, user, username, false, 'Account disabled');
      return {
        result: RESULT.REFUSED,
        message: 'This account is disabled. Please contact support.',
      };
    }
    await limits.username.reset(userKey);
    const token = await createSession(db, user, meta, config.sessionTtlMs);
    await db.updateTable('users').set({ last_login: now() }).where('nid', '=', user.nid).execute();
    await logConnection(meta, user, user.username, true, 'Logged in');
    return { result: RESULT.OK, token, user: await loadUserInfo(db, user.nid) };
  });

  app.post('/api/logout', { schema: { body: jsonBody({}) } }, async (req) => {
    const token = bearerToken(req.headers.authorization);
    if (token) {
      const row = await db
        .selectFrom('sessions')
        .select('id')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirst();
      if (row) {
        await revokeSession(db, row.id);
        services.bus.publish('session_revoked', { sessionIds: [row.id] });
      }
    }
    return { result: RESULT.OK };
  });

  app.post('/api/forgot_password', { schema: { body: forgotBody } }, async (req) => {
    const meta = requestMeta(req);
    const username = (req.body.username ?? '').trim();
    const email = (req.body.email ?? '').trim();
    const answer = {
      result: RESULT.OK,
      message:
        'If the account exists, a link to reset its password has been sent to its e-mail address.',
    };
    if (!username && !email)
      return { result: RESULT.REFUSED, message: 'username or email is required' };
    const ipKey = `forgot:${meta.ip}`;
    if ((await limits.ip.retryAfter(ipKey)) > 0) return answer;
    await limits.ip.fail(ipKey);
    const user = username ? await findUser(username) : await findUser(email, 'email');
    const emailMatches = !email || user?.email?.toLowerCase() === email.toLowerCase();
    if (user && user.email && emailMatches) {
      const ticket = await createTicket(db, 'reset', user.nid);
      const link = `${config.publicUrl}/#/forgot_reset/${ticket}`;
      await mailer.send({
        to: user.email,
        subject: 'Reset your password',
        text: `Hello ${user.username},\n\nSomebody asked to reset the password of your account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
      });
    }
    return answer;
  });

  async function setPasswordWithTicket(
    kind: 'reset' | 'new_account',
    body: { ticket?: string; password?: string },
  ) {
    const password = body.password ?? '';
    const ticket = body.ticket ?? '';
    if (!ticket) return { result: RESULT.REFUSED, message: 'ticket is required' };
    const problem = passwordProblem(password);
    if (problem) return { result: RESULT.REFUSED, message: problem };
    const used = await consumeTicket(db, kind, ticket);
    if (!used) {
      return { result: RESULT.REFUSED, message: 'This link has expired or has already been used' };
    }
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('nid', '=', used.userId)
      .execute();
    // A new password ends every existing session of the account.
    await db
      .updateTable('sessions')
      .set({ revoked: 1 })
      .where('user_id', '=', used.userId)
      .execute();
    services.bus.publish('session_revoked', { userId: used.userId });
    return { result: RESULT.OK, message: 'Your password has been set. You can log in now.' };
  }

  app.post('/api/forgot_password_set', { schema: { body: ticketBody } }, async (req) =>
    setPasswordWithTicket('reset', req.body),
  );
  app.post('/api/account_password_set', { schema: { body: ticketBody } }, async (req) =>
    setPasswordWithTicket('new_account', req.body),
  );

  app.post('/api/sign_up', { schema: { body: signUpBody } }, async (req) => {
    const email = (req.body.email ?? '').trim();
    if (!isValidEmail(email))
      return { result: RESULT.REFUSED, message: 'Please enter a valid e-mail address' };
    const meta = requestMeta(req);
    const ipKey = `signup:${meta.ip}`;
    const wait = await limits.ip.retryAfter(ipKey);
    if (wait > 0) {
      return {
        result: RESULT.RATE_LIMITED,
        message: 'Too many sign-ups from this address',
        retry_after: wait,
      };
    }
    await limits.ip.fail(ipKey);
    const answer = {
      result: RESULT.OK,
      message: 'Check your e-mail for a link to set your password.',
    };
    const existing = await findUser(email);
    if (existing) {
      await mailer.send({
        to: email,
        subject: 'You already have an account',
        text: `An account for ${email} already exists. If you forgot its password, use "Forgot password" on the login page: ${config.publicUrl}/#/forgot_password\n`,
      });
      return answer;
    }
    const nid = await db.transaction().execute(async (trx) => {
      const now = clock().now();
      const client = await trx
        .insertInto('clients')
        .values({ name: email, state: 1, created: now })
        .returning('cid')
        .executeTakeFirstOrThrow();
      const user = await trx
        .insertInto('users')
        .values({
          client_id: client.cid,
          username: email,
          display_name: email.split('@')[0],
          email,
          user_type: 'sign_up',
          roles: JSON.stringify(DEFAULT_ROLES.sign_up),
          settings: '{}',
          ui_settings: '{}',
          password_hash: null,
          all_units: 1,
          created: now,
          last_login: null,
        })
        .returning('nid')
        .executeTakeFirstOrThrow();
      return user.nid;
    });
    const ticket = await createTicket(db, 'new_account', nid);
    await mailer.send({
      to: email,
      subject: 'Welcome: set your password',
      text: `Welcome!\n\nTo finish creating your account, choose a password here:\n\n${config.publicUrl}/#/new_account/${ticket}\n`,
    });
    return answer;
  });

  app.post('/api/known_login', { schema: { body: knownLoginBody } }, async (req) => {
    const meta = requestMeta(req);
    const token = req.body.token ?? '';
    const used = token ? await consumeTicket(db, 'known_login', token) : null;
    if (!used)
      return {
        result: RESULT.NO_SESSION,
        message: 'This login link has expired or has already been used',
      };
    const user = await db
      .selectFrom('users')
      .select(['nid', 'client_id', 'username'])
      .where('nid', '=', used.userId)
      .executeTakeFirstOrThrow();
    const sessionToken = await createSession(db, user, meta, config.sessionTtlMs);
    await logConnection(meta, user, user.username, true, 'Logged in with a known-login link');
    const data = JSON.parse(used.data || '{}') as { url?: string };
    return {
      result: RESULT.OK,
      token: sessionToken,
      user: await loadUserInfo(db, user.nid),
      url: data.url ?? null,
    };
  });
}

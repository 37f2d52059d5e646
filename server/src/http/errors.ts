// One error path for every route: a clear message in the envelope of API.md §1, never a stack trace.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { RESULT } from '@fleet/common';

export function portalErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_VALIDATION') {
    // A route schema refused the request before its handler ran. The POST calls answer HTTP 200
    // with their result code, as every /api call does (API.md §1); GET routes answer 400.
    return reply
      .status(req.method === 'POST' ? 200 : 400)
      .send({ result: RESULT.REFUSED, message: err.message });
  }
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.status(413).send({ result: RESULT.REFUSED, message: 'The request is too large' });
  }
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.status(415).send({ result: RESULT.REFUSED, message: 'Send the request as JSON' });
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    const message =
      err instanceof SyntaxError || /JSON/i.test(err.message)
        ? 'The request body is not valid JSON'
        : 'The request is not valid';
    return reply.status(err.statusCode).send({ result: RESULT.REFUSED, message });
  }
  // The log line carries the same id (pino's reqId), so a user quoting it finds this entry.
  req.log.error({ err }, 'request failed');
  return reply.status(500).send({ result: RESULT.REFUSED, message: 'Server error', error: req.id });
}

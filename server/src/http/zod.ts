// Zod as Fastify's validator: route schemas are zod schemas, `req.body` & co. get their types from
// them, and a violation reaches the error handler as a 400 validation error naming the field.
// (fastify-type-provider-zod would pull in @fastify/swagger as a required peer.)
import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';

export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** A request-part violation; Fastify adds statusCode 400, code FST_ERR_VALIDATION and the part. */
export class SchemaViolation extends Error {}

/** A sentence naming the fields, in the words of the task dispatcher's messages. */
export function describeViolation(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      // A message that names its field stands alone (custom messages, and root-level ones such
      // as 'body must be a JSON object'); zod's own messages get the field put in front.
      if (!issue.path.length) return issue.message;
      const field = issue.path.join('.');
      const last = issue.path[issue.path.length - 1];
      if (typeof last === 'string' && issue.message.split(/\W+/).includes(last))
        return issue.message;
      if (issue.code === 'invalid_type' && /received undefined/.test(issue.message))
        return `${field} is required`;
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const parsed = schema.safeParse(data);
    if (parsed.success) return { value: parsed.data };
    return { error: new SchemaViolation(describeViolation(parsed.error)) };
  };

/**
 * A JSON body: an object (a missing body counts as `{}`) whose unknown keys are dropped. Every
 * body may carry the web app's `channel` (API.md §1).
 */
export function jsonBody<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess(
    (v) => v ?? {},
    z.object(
      { channel: z.string().max(300).optional(), ...shape },
      { error: 'body must be a JSON object' },
    ),
  );
}

/** Text fields are bounded so a huge value is refused before any handler or hash sees it. */
export const text = (max = 300) => z.string().max(max);

/** A route that takes no query string (the live socket: its token never travels in a URL). */
export const noQuery = z.strictObject({}, { error: 'This address takes no query parameters' });

// A refusal's parts by the field they name, for forms that show each beside its field: the
// server's "reg: use letters, digits…; year: Too big…" (API.md §3 messages name the field first),
// and the same checks run before anything is sent (the task's own zod schema).
import { useMemo, useState } from 'react';
import type { z } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** "Registration: use letters…", "Name is required". */
export function fieldMessage(label: string, message: string): string {
  const text = message.trim();
  return /^(is|must|has)\b/.test(text) ? `${label} ${text}` : `${label}: ${text}`;
}

/**
 * The server's message split into the parts naming one of `labels`' fields (keyed by field, in
 * the field's words) and the rest, which the form shows above its buttons.
 */
export function serverFieldErrors<K extends string>(
  message: string,
  labels: Readonly<Record<K, string>>,
): { fields: FieldErrors<K>; rest: string[] } {
  const fields: FieldErrors<K> = {};
  const rest: string[] = [];
  for (const raw of message.split(/;\s*|\s+—\s+/)) {
    const part = raw.trim();
    if (!part) continue;
    const m = /^([a-z_]+)(?:\.\d+)*(?::\s*|\s+(?=is\b|must\b))(.*)$/.exec(part);
    const key = m?.[1] as K | undefined;
    if (key && key in labels) fields[key] ??= fieldMessage(labels[key], m![2]);
    else rest.push(part);
  }
  return { fields, rest };
}

/** The first problem of each field that `schema` finds in `input`; empty when it passes. */
export function schemaFieldErrors<K extends string>(
  schema: z.ZodType,
  input: unknown,
  labels: Readonly<Record<K, string>>,
): { fields: FieldErrors<K>; rest: string[] } {
  const parsed = schema.safeParse(input);
  const fields: FieldErrors<K> = {};
  const rest: string[] = [];
  if (parsed.success) return { fields, rest };
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (key in labels) fields[key] ??= fieldMessage(labels[key], issue.message);
    else rest.push(issue.message);
  }
  return { fields, rest };
}

const PASS = { fields: {}, rest: [] as string[] };

/**
 * A form's problems by field: those `schema` finds in `input` once the user has tried to save
 * (then on every change), over those of the server's last refusal.
 */
export function useFormErrors<K extends string>(
  schema: z.ZodType,
  input: unknown,
  labels: Readonly<Record<K, string>>,
  serverError: string | null | undefined,
) {
  const [tried, setTried] = useState(false);
  const local: { fields: FieldErrors<K>; rest: string[] } = useMemo(
    () => (tried ? schemaFieldErrors(schema, input, labels) : PASS),
    [tried, schema, input, labels],
  );
  const server = useMemo(() => serverFieldErrors(serverError ?? '', labels), [serverError, labels]);
  return {
    fields: { ...server.fields, ...local.fields } as FieldErrors<K>,
    /** What the form shows below its fields (FormProblems). */
    problems: {
      serverError: serverError ?? null,
      serverRest: server.rest,
      localRest: local.rest,
      localCount: Object.keys(local.fields).length + local.rest.length,
    },
    /** Marks the form tried; true when the input passes, so that it may be sent. */
    check(): boolean {
      setTried(true);
      const found = schemaFieldErrors(schema, input, labels);
      return !Object.keys(found.fields).length && !found.rest.length;
    },
    /** A form emptied after it was sent starts untried again: its empty fields are no errors. */
    reset(): void {
      setTried(false);
    },
  };
}

export type FormProblemsState = ReturnType<typeof useFormErrors>['problems'];

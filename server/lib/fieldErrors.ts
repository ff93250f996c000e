import type { z } from 'zod';
import { HttpError } from './errors';
import { describeIssues, issueMessage } from './validate';

/** `accessories[0].price`, `colorVariants[1].color`: the path of a field as an editor names it. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${String(k)}` : String(k)), '');
}

/** A 400 that also names each bad field with its message (`fields`), so an editor can show them beside the inputs. */
export class FieldsError extends HttpError {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(400, message);
  }
}

/** Parses with a schema, or throws a FieldsError: one message per field (the first for each), and the usual sentence. */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = fieldPath(issue.path) || '(record)';
    fields[key] ??= issueMessage(issue);
  }
  throw new FieldsError(`Invalid ${what}: ${describeIssues(r.error)}`, fields);
}

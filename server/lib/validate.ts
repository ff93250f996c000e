import type { z } from 'zod';
import { HttpError } from './errors';

/** Formats zod issues as one readable sentence: "email: Invalid email; quantity: Too small". */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** Parses input with a zod schema or throws a 400 HttpError carrying a clear message. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown, what = 'request'): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw new HttpError(400, `Invalid ${what}: ${describeIssues(r.error)}`);
  return r.data;
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bundleRecordSchema } from '../../../server/db/catalogImport';
import { describeIssues, fieldLabel } from '../../../server/lib/validate';

const messageOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('expected a refusal');
  return describeIssues(r.error);
};

describe('validation messages for people', () => {
  it('name fields in words, not code paths', () => {
    expect(fieldLabel(['startDate'])).toBe('Start date');
    expect(fieldLabel(['accessories', 0, 'price'])).toBe('Accessories #1 price');
    expect(fieldLabel(['address', 'zipcode'])).toBe('Address ZIP code');
    expect(fieldLabel(['to'])).toBe('End date');
    expect(fieldLabel(['q'])).toBe('Search');
  });

  it('put a predicate after the field and leave a whole sentence alone', () => {
    const schema = z.object({ pageSize: z.number().max(100, 'must be at most 100'), note: z.string().refine(() => false, 'Notes cannot hold pictures') });
    expect(messageOf(schema, { pageSize: 500, note: 'x' })).toBe('Page size must be at most 100; Notes cannot hold pictures');
  });

  it("word zod's own messages for people", () => {
    const schema = z.strictObject({ name: z.string(), email: z.email(), tags: z.array(z.string()).max(2), size: z.enum(['S', 'M']), code: z.string().min(3) });
    expect(messageOf(schema, { email: 'nope', tags: ['a', 'b', 'c'], size: 'XL', code: 'a', extra: 1 })).toBe(
      'Name is required; Email must be an e-mail address; Tags must be at most 2 items; Size must be one of: S, M; Code must be at least 3 characters long',
    );
    expect(messageOf(z.strictObject({ a: z.string().optional() }), { b: 1 })).toBe('This field is not accepted: b');
  });

  it('say an end date must be after the start date (a bundle, as the staff editor sends it)', () => {
    const bundle = { title: 'Desk set', description: '', price: 10, startDate: '2026-02-01T00:00:00Z', endDate: '2026-01-01T00:00:00Z', products: ['a'.repeat(24)] };
    expect(messageOf(bundleRecordSchema, bundle)).toBe('End date must be after the start date');
  });
});

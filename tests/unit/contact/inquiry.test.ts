import { describe, expect, it } from 'vitest';
import {
  EMPTY_INQUIRY,
  INQUIRY_INCOMPLETE,
  INQUIRY_RESET_MS,
  inquiryBody,
  inquiryMailto,
  inquiryProblem,
  missingFields,
} from '../../../src/features/contact/inquiry';

const full = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '555-0100', characterName: 'Cat & Mouse', details: 'Size 6"\nPainted, please? 100%' };

describe('custom figure inquiry', () => {
  it('requires all five fields, blank after trimming counts as missing', () => {
    expect(inquiryProblem(full)).toBeNull();
    expect(missingFields(EMPTY_INQUIRY)).toEqual(['name', 'email', 'phone', 'characterName', 'details']);
    expect(missingFields({ ...full, phone: '   ' })).toEqual(['phone']);
    expect(missingFields({ name: 'x' })).toEqual(['email', 'phone', 'characterName', 'details']);
    expect(inquiryProblem({ ...full, details: '' })).toBe(
      'Please complete all required fields: Name, Email, Phone Number, Character Name, and Details.',
    );
    expect(INQUIRY_INCOMPLETE).toMatch(/^Please complete all required fields/);
    expect(INQUIRY_RESET_MS).toBe(2000);
  });

  it('builds a mailto link to the shop with subject and body URL-encoded', () => {
    const href = inquiryMailto('hello@layerloft.test', full)!;
    expect(href.startsWith('mailto:hello@layerloft.test?subject=')).toBe(true);
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toBe('Custom figure request: Cat & Mouse');
    expect(url.searchParams.get('body')).toBe(inquiryBody(full));
    expect(href).toContain('Cat%20%26%20Mouse');
    expect(href).toContain('%0A');
    expect(href).not.toContain('+');
    expect(href).not.toMatch(/[ \n"]/);
    expect(inquiryBody(full)).toContain('Phone Number: 555-0100');
    expect(inquiryBody({ ...full, name: '  Ada  ' })).toContain('Name: Ada\n');
  });

  it('gives no link without a usable shop address', () => {
    expect(inquiryMailto(undefined, full)).toBeNull();
    expect(inquiryMailto('', full)).toBeNull();
    expect(inquiryMailto('not-an-address', full)).toBeNull();
    expect(inquiryMailto('evil@x.com?cc=boss@x.com', full)).toBeNull();
  });
});

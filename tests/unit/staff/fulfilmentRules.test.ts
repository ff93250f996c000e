import { describe, expect, it } from 'vitest';
import { BULK_MAX, normaliseOrderTag, orderNoteError, orderTagError } from '../../../src/domain/fulfilment';
import { addressText, pageChoice, pageSelection, slipIdsFrom, slipsPath, toggledSelection } from '../../../src/features/staff/fulfilment/rules';

const id = (n: number) => n.toString(16).padStart(24, '0');

describe('the board selection', () => {
  it('toggles one order, never beyond the limit', () => {
    expect(toggledSelection([], id(1))).toEqual([id(1)]);
    expect(toggledSelection([id(1), id(2)], id(1))).toEqual([id(2)]);
    const full = Array.from({ length: BULK_MAX }, (_, i) => id(i));
    expect(toggledSelection(full, id(999))).toEqual(full);
  });

  it('chooses or unchooses a page, and says whether the page is all, some or none chosen', () => {
    expect(pageSelection([id(9)], [id(1), id(2)], true)).toEqual([id(9), id(1), id(2)]);
    expect(pageSelection([id(9), id(1), id(2)], [id(1), id(2)], false)).toEqual([id(9)]);
    expect(pageChoice([id(1)], [id(1), id(2)])).toBe('some');
    expect(pageChoice([id(1), id(2)], [id(1), id(2)])).toBe('all');
    expect(pageChoice([], [id(1)])).toBe('none');
  });
});

describe('slips', () => {
  it('links one order to its own slip, several to the selection; reads only well-formed ids', () => {
    expect(slipsPath([id(1)])).toBe(`/staff/orders/${id(1)}/slip`);
    expect(slipsPath([id(1), id(2)])).toBe(`/staff/slips?ids=${id(1)},${id(2)}`);
    expect(slipIdsFrom(`?ids=${id(1)},nope,${id(1).toUpperCase()},${id(2)}`)).toEqual([id(1), id(2)]);
    expect(slipIdsFrom('')).toEqual([]);
  });

  it('writes the address as a label reads', () => {
    expect(addressText({ firstName: 'Ada', lastName: 'Lovelace', street: '1 Engine St', city: 'London', state: 'NY', zipcode: '10001', country: 'United States', phone: '555' })).toBe(
      'Ada Lovelace\n1 Engine St\nLondon, NY 10001\nUnited States\n555',
    );
  });
});

describe('notes and tags', () => {
  it('normalises tags and words refusals for people', () => {
    expect(normaliseOrderTag('  Gift  Wrap ')).toBe('gift-wrap');
    expect(orderTagError('')).toBe('Type a tag first.');
    expect(orderTagError('-x')).toMatch(/starting with a letter or digit/);
    expect(orderTagError('rush')).toBeNull();
    expect(orderNoteError('  ')).toBe('Write the note first.');
    expect(orderNoteError('ok')).toBeNull();
  });
});

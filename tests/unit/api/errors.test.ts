import { describe, expect, it } from 'vitest';
import { serverMessage } from '../../../src/api/errors';

describe('serverMessage', () => {
  it("keeps the server's own words and drops synthesized or network messages", () => {
    expect(serverMessage({ status: 429, message: 'Slow down' })).toBe('Slow down');
    expect(serverMessage({ status: 500, message: 'Request failed with status 500' })).toBeNull();
    expect(serverMessage({ status: 200, message: 'Request failed' })).toBeNull();
    expect(serverMessage({ status: 'FETCH_ERROR', message: 'Failed to fetch' })).toBeNull();
    expect(serverMessage(undefined)).toBeNull();
  });
});

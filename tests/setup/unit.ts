/**
 * The `unit` project: rules, reducers, selectors and listeners run in Node, without a DOM (a jsdom
 * window per file costs seconds; these files render nothing). The app's calls are relative ('/api/…')
 * as in a page: here they resolve against http://localhost, and MSW answers them like in the client
 * project (an unhandled request fails the test).
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { mswServer } from '../utils/msw';

const ORIGIN = 'http://localhost';
const absolute = (input: unknown) => (typeof input === 'string' && input.startsWith('/') ? ORIGIN + input : input);

const NativeRequest = globalThis.Request;
globalThis.Request = class extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(absolute(input) as RequestInfo | URL, init);
  }
};
const nativeFetch = globalThis.fetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => nativeFetch(absolute(input) as RequestInfo | URL, init);

beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mswServer.resetHandlers());
afterAll(() => mswServer.close());

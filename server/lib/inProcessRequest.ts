import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The server render's own requests (`app.inject`, server/ssr/render.ts) carry a header only this
 * process knows, so the per-address limit does not count them: the shopper's page request was
 * counted already, and without the mark every render of every shopper would draw on one budget
 * (an injected request comes from 127.0.0.1), so a busy shop's pages would render with their data
 * refused (429). A client cannot send the mark: the value is made anew at each start.
 */
const HEADER = 'x-layerloft-in-process';
const SECRET = randomBytes(24).toString('base64url');

/** Headers that mark a request as the server's own. */
export const IN_PROCESS_HEADERS: Readonly<Record<string, string>> = { [HEADER]: SECRET };

export function isInProcessRequest(request: FastifyRequest): boolean {
  return request.headers[HEADER] === SECRET;
}

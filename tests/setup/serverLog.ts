/**
 * The server tests' log: every app the tests build logs at `info` into
 * one file per run, and the run fails when that file holds a secret or a reply sent twice. A log is
 * read by more people, and kept longer, than the secrets it would hold; and a second send is a
 * handler bug that the client never sees (it got the first answer).
 */
import { appendFileSync, readFileSync } from 'node:fs';

/** What must never appear in a log line, each with the words the failure report uses. */
export const FORBIDDEN_IN_LOG: { what: string; re: RegExp }[] = [
  { what: 'a payment session id (it opens the payment page)', re: /\bcs_(?:ll|test|live)_[\w-]{8,}/ },
  { what: 'a session token (JWT)', re: /\beyJ[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,}/ },
  { what: 'a password-reset token in a URL', re: /reset-password\/(?!\[redacted\])[\w-]{16,}/ },
  { what: 'a secret field', re: /"(?:token|sessionId|session_id|resetToken|password|newPassword)":"(?!\[redacted\])[^"]/ },
  { what: 'a reply sent twice', re: /Reply was already sent/ },
];

/** The problems in a log's text: one line per offending log line (cut short), empty when clean. */
export function logProblems(text: string): string[] {
  const problems: string[] = [];
  for (const line of text.split('\n')) {
    for (const { what, re } of FORBIDDEN_IN_LOG) if (re.test(line)) problems.push(`${what}: ${line.slice(0, 400)}`);
  }
  return problems;
}

/** A pino destination appending each line to `file` (every test worker appends to the same file). */
export function appendingLog(file: string): { write(line: string): void } {
  return { write: (line: string) => appendFileSync(file, line) };
}

/** Throws when the run's log holds anything of FORBIDDEN_IN_LOG (globalSetup's teardown). */
export function checkServerLog(file: string): void {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return;
  }
  const problems = logProblems(text);
  if (problems.length) {
    // Vitest reports an error thrown by a global teardown but still exits 0: fail the process too.
    process.exitCode = 1;
    throw new Error(`The server tests' log (${file}) holds ${problems.length} forbidden line(s):\n${problems.slice(0, 20).join('\n')}`);
  }
}

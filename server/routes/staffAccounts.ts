import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../lib/errors';
import { CONTROL_MESSAGES, hasControlChars } from '../lib/inputGuards';
import { PASSWORD_MAX, PASSWORD_MIN } from '../lib/passwords';
import { parseOr400 } from '../lib/validate';
import { currentUser } from '../plugins/users';
import { staffAccountToWire, type StaffAccount } from '../repositories/staffAccounts';
import { DuplicateEmailError } from '../repositories/users';

export interface StaffAccountResponse {
  success: true;
  account: StaffAccount;
}
export interface StaffAccountsResponse {
  success: true;
  accounts: StaffAccount[];
}

export const STAFF_ACCOUNT_MESSAGES = {
  taken: (email: string) => `An account with the e-mail ${email} already exists`,
  notFound: (email: string) => `No staff account with the e-mail ${email}`,
  notYourself: 'You cannot disable your own account',
} as const;

const email = z.string({ message: 'is required' }).max(254, 'must be at most 254 characters').trim().toLowerCase().pipe(z.email({ message: 'must be an e-mail address' }).max(254, 'must be at most 254 characters'));
const createBody = z.strictObject({
  email,
  name: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(80, { message: 'must be at most 80 characters', abort: true })
    .refine((name) => !hasControlChars(name, false), CONTROL_MESSAGES.name),
  password: z
    .string({ message: 'is required' })
    .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters long`)
    .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters long`),
});
const disableBody = z.strictObject({ email });

/** Staff accounts: what `npm run staff -- create-staff | disable-staff` call. */
const staffAccountRoutes: FastifyPluginAsync = async (app) => {
  const staff = { preHandler: app.requireStaff };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get('/api/staff/accounts', staff, async (): Promise<StaffAccountsResponse> => ({ success: true, accounts: await app.staffAccounts.list() }));

  app.post('/api/staff/accounts', staff, async (request, reply): Promise<StaffAccountResponse> => {
    const body = parseOr400(createBody, request.body ?? {}, 'staff account');
    const me = currentUser(request);
    const passwordHash = await app.passwords.hash(body.password);
    let row;
    try {
      row = await app.staffAccounts.createAudited({ name: body.name, email: body.email, passwordHash }, me);
    } catch (err) {
      // A shopper's address is never turned into staff here: the shopper chose that password.
      if (err instanceof DuplicateEmailError) throw new HttpError(409, STAFF_ACCOUNT_MESSAGES.taken(body.email));
      throw err;
    }
    request.log.info({ staffId: row.id, by: me.id }, 'staff account created');
    reply.code(201);
    return { success: true, account: staffAccountToWire(row) };
  });

  app.post('/api/staff/accounts/disable', staff, async (request): Promise<StaffAccountResponse> => {
    const body = parseOr400(disableBody, request.body ?? {}, 'staff account');
    const me = currentUser(request);
    const found = await app.users.findByEmail(body.email);
    if (!found || found.role !== 'staff') throw new HttpError(404, STAFF_ACCOUNT_MESSAGES.notFound(body.email));
    if (found.id === me.id) throw new HttpError(409, STAFF_ACCOUNT_MESSAGES.notYourself);
    const row = (await app.staffAccounts.disableAudited(found, me))!;
    // Its sessions end now and their sockets leave on every instance (the one session-ending path).
    await app.endSessions(row.id);
    request.log.info({ staffId: row.id, by: me.id }, 'staff account disabled');
    return { success: true, account: staffAccountToWire(row) };
  });
};
export default staffAccountRoutes;

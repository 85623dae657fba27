import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  INVITATION_MAX_ATTEMPTS,
  MESSAGES,
  PIN_LENGTH,
  SET_PASSWORD_PATH,
  type InvitationAcceptBody,
  type InvitationAccepted,
  type InvitationVerified,
  type InvitationVerifyBody,
} from '@lbs/contracts';
import type { Db, Executor } from '../../db/database.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { audit } from '../../events/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailMessage } from '../../messaging/queue.ts';

function hashOf(userId: number, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A new security code for the user (any earlier one stops working): PIN_LENGTH random digits, kept only as a hash,
 * valid for `ttlHours`, with a fresh allowance of wrong tries.
 */
export async function issueInvitation(
  db: Executor,
  userId: number,
  ttlHours: number,
  now: Date,
): Promise<{ code: string; expiresAt: Date }> {
  const code = String(randomInt(0, 10 ** PIN_LENGTH)).padStart(PIN_LENGTH, '0');
  const expiresAt = new Date(now.getTime() + ttlHours * 3_600_000);
  const values = { code_hash: hashOf(userId, code), expires_at: expiresAt, attempts: 0, sent_at: now };
  await db
    .insertInto('user_invitations')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return { code, expiresAt };
}

export function invitationMail(
  publicUrl: string,
  user: { fullName: string; username: string; email: string },
  code: string,
  ttlHours: number,
): MailMessage {
  const link = `${publicUrl}${SET_PASSWORD_PATH}?email=${encodeURIComponent(user.email)}`;
  return {
    to: user.email,
    subject: 'Your LBS Portal account: security code',
    text: [
      `Hello ${user.fullName},`,
      '',
      `An administrator account has been created for you on LBS Portal (user name: ${user.username}).`,
      '',
      `Your security code is ${code}. It expires in ${ttlHours} hours.`,
      `Enter it and choose your password here: ${link}`,
      '',
      'If you did not expect this message, you can ignore it.',
    ].join('\n'),
  };
}

const problem = (
  status: number,
  code: 'invitation.codeInvalid' | 'invitation.tooManyAttempts' | 'aws.codeExpired',
) => new AppError(status, code, MESSAGES[code], [{ path: 'code', code, message: MESSAGES[code] }]);

/**
 * The public half of an invitation: check a code, then set the password with it. The same answer for an unknown
 * e-mail and a wrong code (no account discovery); each wrong code counts, and after INVITATION_MAX_ATTEMPTS the
 * invitation is spent (the administrator sends a new one).
 */
export function invitationsService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  async function check(tx: Executor, email: string, code: string, lock: boolean) {
    let q = tx
      .selectFrom('users as u')
      .innerJoin('user_invitations as i', 'i.user_id', 'u.id')
      .select([
        'u.id',
        'u.username',
        'u.email',
        'u.full_name',
        'u.company_id',
        'i.code_hash',
        'i.expires_at',
        'i.attempts',
      ])
      .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email.toLowerCase()))
      .where('u.password_hash', 'is', null);
    if (lock) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) return { error: problem(400, 'invitation.codeInvalid') } as const;
    if (row.attempts >= INVITATION_MAX_ATTEMPTS)
      return { error: problem(400, 'invitation.tooManyAttempts') } as const;
    if (!sameHash(row.code_hash, hashOf(row.id, code))) {
      const { attempts } = await tx
        .updateTable('user_invitations')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('user_id', '=', row.id)
        .returning('attempts')
        .executeTakeFirstOrThrow();
      return {
        error: problem(
          400,
          attempts >= INVITATION_MAX_ATTEMPTS ? 'invitation.tooManyAttempts' : 'invitation.codeInvalid',
        ),
      } as const;
    }
    if (row.expires_at.getTime() <= now().getTime())
      return { error: problem(400, 'aws.codeExpired') } as const;
    return { row } as const;
  }

  async function verify(body: InvitationVerifyBody): Promise<InvitationVerified> {
    const result = await check(db, body.email, body.code, false);
    if (result.error) throw result.error;
    const { row } = result;
    return {
      email: row.email,
      username: row.username,
      fullName: row.full_name,
      expiresAt: row.expires_at.toISOString(),
    };
  }

  async function accept(body: InvitationAcceptBody, requestId?: string): Promise<InvitationAccepted> {
    // Hashed before the transaction: the memory-hard hash must not hold a row lock (or PGlite's one connection).
    const passwordHash = await hashPassword(body.password);
    const outcome = await db.transaction().execute(async (trx) => {
      const result = await check(trx, body.email, body.code, true);
      // A wrong code's counted attempt must be kept: commit, then answer with the error.
      if (result.error) return result;
      const { row } = result;
      const at = now();
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, failed_logins: 0, locked_until: null, updated_at: at })
        .where('id', '=', row.id)
        .execute();
      await trx.deleteFrom('user_invitations').where('user_id', '=', row.id).execute();
      await audit(
        trx,
        { userId: row.id, name: row.username, requestId },
        { action: 'user.invitation.accept', entity: 'user', entityId: row.id, companyId: row.company_id },
      );
      return result;
    });
    if (outcome.error) throw outcome.error;
    return {
      code: 'aws.passwordSetSuccessfully',
      message: MESSAGES['aws.passwordSetSuccessfully'],
      username: outcome.row.username,
    };
  }

  return { verify, accept };
}

export type InvitationsService = ReturnType<typeof invitationsService>;

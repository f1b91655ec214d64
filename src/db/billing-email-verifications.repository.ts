import type { Db } from './database';
import { newStoredToken, useOneTimeToken } from './members.repository';

/**
 * A new one-time link token verifying `email` as the organisation's billing e-mail, valid for ttlMs; the
 * organisation's older unused ones are void (only the newest link works).
 */
export async function createBillingEmailVerification(
  db: Db,
  organisationId: string,
  email: string,
  ttlMs: number,
): Promise<string> {
  const { token, row } = newStoredToken(ttlMs);
  await db.transaction().execute(async (trx) => {
    await voidBillingEmailVerifications(trx, organisationId);
    await trx
      .insertInto('billing_email_verifications')
      .values({ ...row, organisation_id: organisationId, email })
      .execute();
  });
  return token;
}

/** Voids the organisation's unused links (its billing e-mail changed or was removed). */
export async function voidBillingEmailVerifications(db: Db, organisationId: string): Promise<void> {
  await db
    .deleteFrom('billing_email_verifications')
    .where((eb) => eb.and({ organisation_id: organisationId, used_at: null }))
    .execute();
}

/**
 * Uses the token once (`useOneTimeToken`) and marks the organisation's billing e-mail verified if it is still
 * the address the link was sent to. Answers the organisation's id and the address verified, or undefined.
 */
export async function redeemBillingEmailVerification(
  db: Db,
  token: string,
): Promise<{ organisationId: string; email: string } | undefined> {
  return db.transaction().execute(async (trx) => {
    const used = await useOneTimeToken(trx, 'billing_email_verifications', token);
    if (!used) return undefined;
    const verified = await trx
      .updateTable('organisations')
      .set({ billing_email_verified_at: new Date() })
      .where((eb) => eb.and({ id: used.organisation_id, billing_email: used.email }))
      .returning('id')
      .executeTakeFirst();
    return verified && { organisationId: used.organisation_id, email: used.email };
  });
}

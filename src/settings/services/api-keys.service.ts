import { z } from 'zod';
import { SCOPES } from '../../auth/api-key';
import { createApiKey, findApiKey, revokeApiKey, type ApiKeyRecord } from '../../db/api-keys.repository';
import type { Db } from '../../db/database';
import type { QuotaLimits } from '../../quotas/quotas';
import { checkHeldQuota } from '../../quotas/usage';
import { actorLabel, audit, existingOrganisation, notFound, parsed, type Actor } from './actor';

/** The rules of API keys, one copy for the `notices key` CLI and the settings console. */
export const MAX_KEY_NAME = 100;

const keyInput = z.object({
  name: z
    .string()
    .trim()
    .max(MAX_KEY_NAME, `The name is at most ${MAX_KEY_NAME} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  mode: z.enum(['live', 'test'], 'The mode is live or test.'),
  scopes: z
    .array(z.enum(SCOPES, `Each scope is one of ${SCOPES.join(', ')}.`))
    .min(1, 'Choose at least one scope.')
    .max(SCOPES.length * 2),
});

/**
 * Creates a key: the full key is returned once, here, and never stored. An organisation holding its quota of
 * active keys in the mode is refused (QuotaExceeded, naming the quota): revoke one first.
 */
export async function createOrganisationKey(
  { db, quotas }: { db: Db; quotas: QuotaLimits },
  actor: Actor,
  input: { organisationId: string; name?: string; mode: string; scopes: string[] },
): Promise<{ key: string; record: ApiKeyRecord }> {
  const { name = null, mode, scopes } = parsed(keyInput, input);
  const { organisationId } = input;
  await existingOrganisation(db, organisationId);
  return db.transaction().execute(async (trx) => {
    await checkHeldQuota(trx, quotas, 'api_keys', organisationId, mode);
    const created = await createApiKey(trx, {
      organisationId,
      mode,
      scopes: [...new Set(scopes)],
      name,
      createdBy: actorLabel(actor),
    });
    const { id: target, display } = created.record;
    const details = { name, mode, scopes: created.record.scopes, display };
    await audit(trx, actor, { organisationId, action: 'api_key.created', target, details });
    return created;
  });
}

/** The key, confined to one organisation when `organisationId` is given (the operator's CLI leaves it out). */
export async function findOrganisationKey(db: Db, keyId: string, organisationId?: string) {
  const found = await findApiKey(db, keyId);
  if (!found || (organisationId && found.organisationId !== organisationId)) throw notFound('API key', keyId);
  return found;
}

/** Revokes a key (at once: the next request with it is 401). Revoking twice is harmless. */
export async function revokeOrganisationKey(db: Db, actor: Actor, keyId: string, organisationId?: string) {
  const found = await findOrganisationKey(db, keyId, organisationId);
  return db.transaction().execute(async (trx) => {
    const record = (await revokeApiKey(trx, keyId))!;
    if (!found.revokedAt) {
      const { organisationId, name, mode, display } = found;
      const details = { name, mode, display };
      await audit(trx, actor, { organisationId, action: 'api_key.revoked', target: keyId, details });
    }
    return record;
  });
}

import { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { toDarajaPhone } from '#common/phone.ts';
import { createPayout } from './createPayout.ts';
import { requirePayee } from './requirePayee.ts';

const payoutNumber = z.object({
  phone: z
    .string()
    .max(30)
    .transform((v, ctx) => {
      const p = toDarajaPhone(v);
      if (!p) ctx.addIssue({ code: 'custom', message: 'Enter a Safaricom number like 0712 345 678.' });
      return p ?? '';
    }),
});

/**
 * Sets the creator's payout number and verifies it with a KES 1 B2C test transfer (docs/decisions/0018):
 * M-Pesa's result proves the number receives money and names its owner, shown for the creator to check.
 * Until that transfer is paid, payouts keep going to the previously verified number (if any).
 */
export async function setPayoutNumber(
  services: Services,
  actor: Actor,
  input: unknown,
): Promise<{ phone: string; payoutId: string }> {
  requirePayee(actor);
  const { phone } = parseInput(payoutNumber, input);
  const { db } = services.database;
  const now = services.clock.now();
  await db
    .insertInto('payoutAccount')
    .values({
      userId: actor.userId,
      phone,
      createdAt: now,
      updatedAt: now,
      verifiedPhone: null,
      verifiedName: null,
      verifiedAt: null,
      lastAutoAt: null,
      holdReason: null,
      heldBy: null,
      heldAt: null,
    })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ phone, updatedAt: now }))
    .execute();
  const payoutId = await createPayout(services, { creatorId: actor.userId, purpose: 'verification', amount: 1 });
  return { phone, payoutId };
}

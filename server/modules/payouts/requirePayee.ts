import { forbidden, unauthenticated } from '#server/core/errors.ts';
import type { Actor } from '#server/core/actor.ts';
import { canManageEarnings } from '../access/policies.ts';

/**
 * Earnings operations start here: a visitor must sign in; creators (their sales) and customers (their
 * commissions as affiliates, decision 0067) are paid the same way; an admin is refused.
 */
export function requirePayee(actor: Actor): asserts actor is NonNullable<Actor> {
  if (!actor) throw unauthenticated();
  if (!canManageEarnings(actor)) throw forbidden();
}

import { forbidden, unauthenticated } from '#server/core/errors.ts';
import type { Actor } from '#server/core/actor.ts';
import { canManageEarnings } from '../access/policies.ts';

/** Earnings operations start here: a visitor must sign in, anyone but a creator is refused. */
export function requireCreator(actor: Actor): asserts actor is NonNullable<Actor> {
  if (!actor) throw unauthenticated();
  if (!canManageEarnings(actor)) throw forbidden();
}

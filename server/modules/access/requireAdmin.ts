import { forbidden, unauthenticated } from '#server/core/errors.ts';
import { isAdmin } from './policies.ts';
import type { Actor } from '#server/core/actor.ts';

/** Every admin operation starts here: a visitor must sign in, anyone but an admin is refused. */
export function requireAdmin(actor: Actor): asserts actor is NonNullable<Actor> {
  if (!actor) throw unauthenticated();
  if (!isAdmin(actor)) throw forbidden();
}

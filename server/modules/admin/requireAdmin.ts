import { forbidden, unauthorized } from '../../http/errors.ts';
import { isAdmin, type Actor } from '../access/policies.ts';

/** Every admin operation starts here: a visitor must sign in, anyone but an admin is refused. */
export function requireAdmin(actor: Actor): asserts actor is NonNullable<Actor> {
  if (!actor) throw unauthorized();
  if (!isAdmin(actor)) throw forbidden();
}

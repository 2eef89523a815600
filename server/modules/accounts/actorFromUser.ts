import { toLocale } from '#common/accounts/locale.ts';
import type { SessionUser } from '#server/core/actor.ts';

const ROLES = new Set(['customer', 'creator', 'admin']);

/** A better-auth user (with our additional fields) as the request's actor; null unless active. */
export function actorFromUser(user: Record<string, unknown> | null | undefined): SessionUser | null {
  if (user?.status !== 'active' || typeof user.id !== 'string' || !ROLES.has(String(user.role))) return null;
  return {
    userId: user.id,
    name: String(user.name),
    email: typeof user.email === 'string' ? user.email : null,
    role: user.role as SessionUser['role'],
    locale: toLocale(user.locale),
  };
}

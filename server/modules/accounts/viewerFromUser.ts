import type { Viewer } from '../../http/appContext.ts';

const ROLES = new Set(['customer', 'creator', 'admin']);

/** A better-auth user (with our additional fields) as the request's viewer; null unless active. */
export function viewerFromUser(user: Record<string, unknown> | null | undefined): Viewer | null {
  if (!user || user.status !== 'active' || typeof user.id !== 'string' || !ROLES.has(String(user.role))) return null;
  return { userId: user.id, name: String(user.name), email: String(user.email), role: user.role as Viewer['role'] };
}

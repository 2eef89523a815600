import { useEffect } from 'react';
import { syncMyListWithServer } from '#app/lib/authMyListSync.ts';

/**
 * Rendered for signed-in users: keeps the browser's My List in step with their account's. Keyed by the
 * user id where rendered, so another account signing in starts a fresh sync.
 */
export function MyListSync() {
  useEffect(() => syncMyListWithServer(), []);
  return null;
}

import { useEffect } from 'react';
import { syncMyListWithServer } from '../../lib/authMyListSync.ts';

/** Rendered for signed-in users: keeps the browser's My List in step with their account's. */
export function MyListSync({ userId }: { userId: string }) {
  useEffect(() => syncMyListWithServer(), [userId]);
  return null;
}

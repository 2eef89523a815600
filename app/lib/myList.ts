// "My List" kept in the browser (visitors). Each entry holds what a card needs, so the row renders without a
// request. Signed-in sync can hook in through `subscribeMyList` / `replaceMyList`.
import { useSyncExternalStore } from 'react';
import type { SavedCourse } from '#app/server/accounts.server.ts';

/** The same entry a signed-in person's list holds on the server, so the two merge as they are. */
export type MyListItem = SavedCourse;

export const MY_LIST_KEY = 'darasa.myList';
const MAX_ITEMS = 100;
const EMPTY: readonly MyListItem[] = [];
const listeners = new Set<() => void>();
let cache: { raw: string | null; items: readonly MyListItem[] } = { raw: null, items: EMPTY };

function isItem(v: unknown): v is MyListItem {
  const o = v as Partial<MyListItem> | null;
  return !!o && typeof o.id === 'string' && typeof o.title === 'string' && typeof o.price === 'number';
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy settings): the list simply stays empty
  }
}

/** The saved courses, newest first; the same array until the list changes. */
export function readMyList(): readonly MyListItem[] {
  const raw = storage()?.getItem(MY_LIST_KEY) ?? null;
  if (raw === cache.raw) return cache.items;
  let items: readonly MyListItem[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) items = parsed.filter(isItem);
  } catch {
    // A damaged entry is dropped rather than breaking the page.
  }
  cache = { raw, items };
  return items;
}

/** Replaces the whole list (e.g. with the server's merged list after sign-in). */
export function replaceMyList(items: readonly MyListItem[]): void {
  try {
    storage()?.setItem(MY_LIST_KEY, JSON.stringify(items.slice(0, MAX_ITEMS)));
  } catch {
    // Storage full or disabled: keep working without persistence.
  }
  for (const l of listeners) l();
}

export function toggleMyList(item: MyListItem): boolean {
  const items = readMyList();
  const has = items.some((i) => i.id === item.id);
  replaceMyList(has ? items.filter((i) => i.id !== item.id) : [pick(item), ...items]);
  return !has;
}

export function subscribeMyList(listener: () => void): () => void {
  listeners.add(listener);
  // Other tabs change the same storage.
  const onStorage = (e: StorageEvent) => {
    if (e.key === MY_LIST_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The list, empty during server rendering and hydration, then the browser's. */
export function useMyList(): readonly MyListItem[] {
  return useSyncExternalStore(subscribeMyList, readMyList, () => EMPTY);
}

export function useInMyList(id: string): boolean {
  return useMyList().some((i) => i.id === id);
}

function pick(c: MyListItem): MyListItem {
  return {
    id: c.id,
    title: c.title,
    creatorName: c.creatorName,
    price: c.price,
    rating: c.rating,
    thumbnail: c.thumbnail,
  };
}

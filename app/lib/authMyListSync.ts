import { readMyList, replaceMyList, subscribeMyList, type MyListItem } from './myList.ts';

/**
 * Signed-in users' My List lives on the server. At sign-in the browser's list travels in the form's
 * hidden `myList` field and is merged there; afterwards the browser copy mirrors the server: it is
 * refreshed from /api/my-list when a page loads, and each toggle is sent as a PUT or DELETE.
 */
export function browserListField(form: HTMLFormElement): void {
  const field = form.elements.namedItem('myList');
  if (field instanceof HTMLInputElement) field.value = JSON.stringify(readMyList().map((i) => i.id));
}

/** Keeps the browser's list and the account's in step; returns the unsubscribe function. */
export function syncMyListWithServer(): () => void {
  let known = new Set(readMyList().map((i) => i.id));
  let stopped = false;
  const adopt = (items: MyListItem[]) => {
    known = new Set(items.map((i) => i.id));
    replaceMyList(items);
  };
  const call = async (method: string, path: string) => {
    const res = await fetch(path, { method, headers: { accept: 'application/json' }, credentials: 'same-origin' });
    if (!res.ok) throw new Error(`My List sync failed (${res.status})`);
    return ((await res.json()) as { items: MyListItem[] }).items;
  };
  const unsubscribe = subscribeMyList(() => {
    const now = readMyList().map((i) => i.id);
    const added = now.filter((id) => !known.has(id));
    const removed = [...known].filter((id) => !now.includes(id));
    known = new Set(now);
    for (const id of added) void call('PUT', `/api/my-list/${encodeURIComponent(id)}`).catch(() => {});
    for (const id of removed) void call('DELETE', `/api/my-list/${encodeURIComponent(id)}`).catch(() => {});
  });
  void call('GET', '/api/my-list')
    .then((items) => {
      if (!stopped) adopt(items);
    })
    .catch(() => {});
  return () => {
    stopped = true;
    unsubscribe();
  };
}

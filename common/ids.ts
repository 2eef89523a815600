// The shape of our ids (made by `newId` in server/lib/ids.ts). Ids arrive from URLs: anything not shaped
// like one of ours is rejected before touching the database.
export const ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;

export function isId(v: unknown): v is string {
  return typeof v === 'string' && ID_PATTERN.test(v);
}

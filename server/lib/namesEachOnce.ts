/**
 * Whether `list` names every member of `known` exactly once and nothing else: a reorder's list is refused
 * when it is stale (something was added or removed meanwhile) rather than guessed at.
 */
export function namesEachOnce<T>(list: readonly T[], known: ReadonlySet<T>): boolean {
  return list.length === known.size && new Set(list).size === known.size && list.every((x) => known.has(x));
}

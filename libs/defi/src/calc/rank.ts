/**
 * A sorted copy, largest key first (or smallest with 'asc'). Items with an unknown key go last,
 * and ties keep their input order.
 */
export function rankBy<T>(items: readonly T[], key: (item: T) => number | null, order: 'desc' | 'asc' = 'desc'): T[] {
  const sign = order === 'desc' ? -1 : 1;
  return items
    .map((item, index) => ({ item, index, value: key(item) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        if (a.value === b.value) return a.index - b.index;
        return a.value === null ? 1 : -1;
      }
      return a.value === b.value ? a.index - b.index : sign * (a.value - b.value);
    })
    .map((entry) => entry.item);
}

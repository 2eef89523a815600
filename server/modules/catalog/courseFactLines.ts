/** A course's stored `outcomes` or `requirements` (a JSON array of lines); anything else reads as none. */
export function courseFactLines(stored: string | null | undefined): string[] {
  try {
    const lines: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(lines) ? lines.filter((l): l is string => typeof l === 'string') : [];
  } catch {
    return [];
  }
}

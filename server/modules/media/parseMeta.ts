/** A media asset's `meta` column (JSON written by the upload and the video pipeline) as an object; {} if unreadable. */
export function parseMeta(raw: string | null | undefined): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

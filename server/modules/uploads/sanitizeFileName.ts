/**
 * A file name as the uploader's device gave it, made safe to store and show: only the last path segment,
 * no control or bidi-override characters, no leading dots, at most 120 characters. It is only ever
 * displayed; files on disk are named by asset id.
 */
export function sanitizeFileName(raw: string | null | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping C0/C1 control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 120);
  return clean || 'upload';
}

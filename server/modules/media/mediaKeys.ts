/** The storage key of an asset's processed files: `media/<assetId>` (its folder) or a file inside. */
export const mediaKey = (assetId: string, ...file: string[]): string => ['media', assetId, ...file].join('/');

/** The storage key of an asset's original, as uploaded: `uploads/<assetId>.<ext>`. */
export const originalKey = (assetId: string, ext: string): string => `uploads/${assetId}.${ext}`;

/**
 * The storage key of a document kept as uploaded (a PDF lesson, a lesson's resource: decision 0060):
 * `files/<assetId>.<ext>`. Served only through the app, after the lesson's access check, never by /media.
 */
export const fileKey = (assetId: string, ext: string): string => `files/${assetId}.${ext}`;

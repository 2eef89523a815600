/** The storage key of an asset's processed files: `media/<assetId>` (its folder) or a file inside. */
export const mediaKey = (assetId: string, ...file: string[]): string => ['media', assetId, ...file].join('/');

/** The storage key of an asset's original, as uploaded: `uploads/<assetId>.<ext>`. */
export const originalKey = (assetId: string, ext: string): string => `uploads/${assetId}.${ext}`;

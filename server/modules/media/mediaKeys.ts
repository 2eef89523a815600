/** The storage key of an asset's processed files: `media/<assetId>` (its folder) or a file inside. */
export const mediaKey = (assetId: string, ...file: string[]): string => ['media', assetId, ...file].join('/');

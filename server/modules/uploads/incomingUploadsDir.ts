import path from 'node:path';

/**
 * tus writes into `<DATA_DIR>/uploads/incoming/`; a finished, checked file is stored under its original's
 * key (media/mediaKeys.ts), or held in `uploads/held/` while the media storage is down (media/heldOriginals.ts).
 */
export const incomingUploadsDir = (dataDir: string): string => path.join(dataDir, 'uploads', 'incoming');

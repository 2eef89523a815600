import { z } from 'zod';
import { CAPTION_LANGUAGE_CODES } from '#common/captions/captions.ts';

const language = z.enum(CAPTION_LANGUAGE_CODES, { error: 'Captions are in English or Kiswahili.' });

/** Uploading (or replacing) one language's captions of an episode: the file's raw bytes. */
export const saveCaptionInput = z.object({ language, file: z.instanceof(Uint8Array) });

/** Deleting one language's captions of an episode. */
export const deleteCaptionInput = z.object({ language });

// Captions shared by the studio, the player and the server: the languages on offer, the size cap and where a
// caption file is fetched (behind its video's playback token, like the video's own files).

/** The caption languages, by BCP 47 code (the `srclang` of a <track>), with the name people see. */
export const CAPTION_LANGUAGES = { en: 'English', sw: 'Kiswahili' } as const;
export type CaptionLanguage = keyof typeof CAPTION_LANGUAGES;
export const CAPTION_LANGUAGE_CODES = Object.keys(CAPTION_LANGUAGES) as CaptionLanguage[];

/** Largest caption file accepted: a long lecture's captions are well under 200 KB. */
export const MAX_CAPTION_BYTES = 512 * 1024;

/** What the player puts in a <track>. */
export interface CaptionTrack {
  language: CaptionLanguage;
  label: string;
  src: string;
}

/** A caption file behind the playback token of the episode's video. */
export function captionUrl(videoAssetId: string, token: string, captionId: string): string {
  return `/media/s/${token}/${videoAssetId}/captions/${captionId}.vtt`;
}

/** The studio's words for captions. */
export const CAPTION_MESSAGES = {
  saved: 'Captions saved.',
  deleted: 'Captions deleted.',
  saveFailed: 'Failed to upload captions. Please try again.',
  deleteFailed: 'Failed to delete captions. Please try again.',
  deleteConfirm: 'Delete these captions?',
  tooLarge: 'Caption files can be at most 512 KB.',
  notUtf8: 'Caption files must be saved as UTF-8 text.',
  notCaptions: 'This is not a WebVTT or SRT caption file.',
  noCues: 'The caption file has no captions in it.',
  badTiming: (line: number) => `The caption timing on line ${line} is not valid.`,
} as const;

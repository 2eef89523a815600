// What may be uploaded (docs/product.md: rules, constants): the kinds, their size limits and the formats recognised
// from the file's first bytes, with the words people see when a file is refused.
// A 'pdf' is a PDF lesson's handout; a 'resource' is a file attached to any lesson (decision 0060); an
// 'audio' is an audio lesson's recording (decision 0069).
export type UploadKind = 'image' | 'video' | 'pdf' | 'resource' | 'audio';

const MB = 1024 * 1024;

export const UPLOAD_LIMITS: Record<UploadKind, { maxMb: number; maxBytes: number }> = {
  image: { maxMb: 20, maxBytes: 20 * MB },
  video: { maxMb: 500, maxBytes: 500 * MB },
  pdf: { maxMb: 20, maxBytes: 20 * MB },
  resource: { maxMb: 25, maxBytes: 25 * MB },
  // Two hours of a phone's 256 kbit/s M4A, or about 25 minutes of CD-quality WAV.
  audio: { maxMb: 250, maxBytes: 250 * MB },
};

/** At most this many files attached to one lesson (decision 0060). */
export const RESOURCES_PER_LESSON = 10;

/** Browsers and mobile networks do best with chunks of this size (docs/product.md "Constants"). */
export const CHUNK_BYTES = 5 * MB;

/** An upload left unfinished for this long is deleted. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

export const UPLOAD_MESSAGES = {
  tooLarge: (kind: UploadKind) => `File size should be less than ${UPLOAD_LIMITS[kind].maxMb}MB`,
  unknownKind: 'Please choose an image, a video or a document to upload.',
  lengthRequired: 'The file size must be declared when the upload starts.',
  empty: 'This file is empty.',
  notImage: 'This file is not an image. Please upload a PNG, JPG or WebP image.',
  notVideo: 'This file is not a video. Please upload an MP4, MOV, AVI or WebM video.',
  notPdf: 'This file is not a PDF. Please upload a PDF document.',
  notAudio: 'This file is not a recording we can play. Please upload an MP3, M4A (AAC), OGG (Opus) or WAV file.',
  notResource: 'This type of file cannot be attached. Please upload a PDF, a PNG, JPG or WebP image, or a ZIP file.',
  signIn: 'Please sign in as a creator to upload files.',
  notFound: 'This upload was not found. Please start it again.',
  failed: 'Upload failed. Please try again.',
  concatenationNotOffered: 'Uploads in parallel parts are not supported. Please upload the file in one piece.',
  startFailed: 'Failed to start upload. Please try again.',
  noUrl: 'Upload completed but failed to get download URL. Please try again.',
  storageDown: 'Our file storage is unreachable right now, so this image was not kept. Please try again in a minute.',
  storageUnreachable:
    'Our file storage is unreachable right now. Your upload will continue from where it stopped; please try again in a minute.',
} as const;

/** The accept attribute of the file pickers (a hint only: the server checks the content). */
export const ACCEPT: Record<UploadKind, string> = {
  image: 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp',
  video: 'video/mp4,video/quicktime,video/x-msvideo,video/avi,video/webm,.mp4,.mov,.avi,.webm',
  pdf: 'application/pdf,.pdf',
  resource:
    'application/pdf,image/png,image/jpeg,image/webp,application/zip,application/x-zip-compressed,.pdf,.png,.jpg,.jpeg,.webp,.zip',
  audio:
    'audio/mpeg,audio/mp4,audio/x-m4a,audio/aac,audio/ogg,audio/opus,audio/wav,audio/x-wav,.mp3,.m4a,.aac,.ogg,.opus,.wav',
};

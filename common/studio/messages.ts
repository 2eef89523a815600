// The studio's user-facing words, exactly as docs/product.md gives them (the form and the server share them).
export const STUDIO_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  courseSaved: 'Course saved successfully!',
  profileSaved: 'Profile saved successfully!',
  profileSaveFailed: 'Failed to save profile. Please try again.',
  courseSaveFailed: 'Failed to save course. Please try again.',
  episodeRequired: 'Please fill in episode title and upload video',
  textLessonRequired: 'Please fill in the lesson title and its text',
  audioLessonRequired: 'Please fill in the lesson title and upload its recording',
  previewFailed: 'Failed to show the preview. Please try again.',
  episodeAdded: 'Episode added successfully!',
  episodeAddFailed: 'Failed to add episode. Please try again.',
  episodeDeleteConfirm: 'Are you sure you want to delete this episode?',
  episodeDeleted: 'Episode deleted successfully!',
  episodeDeleteFailed: 'Failed to delete episode. Please try again.',
  episodeSaved: 'Episode saved successfully!',
  episodeSaveFailed: 'Failed to save episode. Please try again.',
  courseNotFound: 'Course not found',
  waitingForUpload: 'Waiting for upload to finish…',
  uploadFailedNotSaved: (field: string) =>
    `The ${field.toLowerCase()} upload failed, so the course was not saved. Choose the file again, then save.`,
} as const;

/** Sane bounds: long enough for real courses, short enough that nobody stores a megabyte of text. */
export const LIMITS = {
  title: 120,
  description: 5000,
  episodeDescription: 2000,
  /** A text lesson's Markdown, in characters. */
  lessonBody: 50_000,
  /** KES; far above any real course price, far below anything that could overflow. */
  maxPrice: 1_000_000,
  maxEpisodes: 500,
  /** "What you will learn" and "Requirements": lines per list, characters per line. */
  factLines: 12,
  factLine: 160,
} as const;

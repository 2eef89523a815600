// Apart from the schemas so the learning page can show the limit without loading zod.
/** Longest note: a paragraph, not a document. */
export const NOTE_MAX_CHARS = 1000;

// Apart from the schemas so the learning page can show the limits without loading zod.
/** Longest question: a short paragraph or two. */
export const QUESTION_MAX_CHARS = 2000;
/** Longest answer: room for a worked explanation. */
export const ANSWER_MAX_CHARS = 5000;

import { z } from 'zod';

/**
 * An admin's new search synonym, as the form and the API send it: the word people search with and what it
 * means, several meanings separated by commas ("cooking, kitchen"). The operation checks the words.
 */
export const searchSynonymBody = z
  .object({
    term: z.string().trim().min(1, 'Write the word people search with.').max(60, 'Keep the word under 60 letters.'),
    means: z
      .string()
      .trim()
      .min(1, 'Write what it means: words of course titles, or a category.')
      .max(300, 'Keep the meanings under 300 letters.'),
  })
  .strict();

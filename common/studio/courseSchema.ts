import { z } from 'zod';
import { CATEGORIES, normaliseCategory } from '#common/catalog/categories.ts';
import { ID_PATTERN } from '#common/ids.ts';
import { LIMITS, STUDIO_MESSAGES } from './messages.ts';
import { INSTALMENTS, INSTALMENT_TEXT } from '#common/instalments/instalments.ts';

const required = STUDIO_MESSAGES.requiredFields;

/** A required text: whitespace-only counts as missing (docs/product.md's "required fields" message). */
export const requiredText = (max: number, label: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`);

export const assetRef = z.string().regex(ID_PATTERN, 'Unknown file').nullable();

/** Price: a whole number of KES, 0 when left empty. Numeric strings from forms are accepted. */
export const priceField = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return 0;
    if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
    return v;
  },
  z
    .number({ error: 'Price must be a whole number of KES' })
    .int('Price must be a whole number of KES')
    .min(0, 'Price cannot be negative')
    .max(LIMITS.maxPrice, `Price must be at most KES ${LIMITS.maxPrice.toLocaleString('en-US')}`),
);

export const categoryField = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(40, `Please choose one of: ${CATEGORIES.join(', ')}`)
  .transform((v, ctx) => {
    const c = normaliseCategory(v);
    if (!c) {
      ctx.addIssue({ code: 'custom', message: `Please choose one of: ${CATEGORIES.join(', ')}` });
      return z.NEVER;
    }
    return c;
  });

/**
 * "What you will learn" or "Requirements": a list of short lines (a textarea's text, one per line, is
 * accepted too). Blank lines are dropped; too many or too long lines are refused, never cut.
 */
export const factLines = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split('\n') : v),
    z
      .array(
        z
          .string({ error: `${label}: each line must be text` })
          .trim()
          .max(LIMITS.factLine, `${label}: each line must be at most ${LIMITS.factLine} characters`),
        {
          error: `${label} must be a list of lines`,
        },
      )
      .transform((lines) => lines.filter((l) => l.length > 0))
      .refine((lines) => lines.length <= LIMITS.factLines, `${label}: at most ${LIMITS.factLines} lines`),
  );

/** What "Save Course" sends, for a new course and an existing one alike. */
export const courseInput = z.object({
  title: requiredText(LIMITS.title, 'Title'),
  description: requiredText(LIMITS.description, 'Description'),
  price: priceField,
  category: categoryField,
  thumbnailId: assetRef.default(null),
  trailerId: assetRef.default(null),
  published: z.boolean({ error: 'Published must be true or false' }).default(false),
  outcomes: factLines('What you will learn').default([]),
  requirements: factLines('Requirements').default([]),
  /** Instalments (decision 0068): 0 off, else the most parts a learner may pay in (2–4). */
  instalmentsMax: z.preprocess(
    (v) => (v === '' || v === null ? 0 : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ error: INSTALMENT_TEXT.studioRange })
      .int(INSTALMENT_TEXT.studioRange)
      .refine((n) => n === 0 || (n >= INSTALMENTS.minParts && n <= INSTALMENTS.maxParts), INSTALMENT_TEXT.studioRange)
      .default(0),
  ),
});

export type CourseInput = z.infer<typeof courseInput>;

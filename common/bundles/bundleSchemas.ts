import { z } from 'zod';
import { ID_PATTERN } from '#common/ids.ts';

/** The words creators and learners see about bundles (decision 0063); the server's messages are their ids. */
export const BUNDLE_TEXT = {
  notFound: 'This bundle is not available.',
  notForSale: 'This bundle is not for sale right now.',
  notYours: 'A bundle can only hold your own published courses.',
  tooCheap: `A bundle costs at least KES ${10}.`,
  notLower: 'The bundle price must be lower than its courses together.',
  allOwned: 'You already own every course in this bundle.',
  ownBundle: 'You cannot buy your own bundle.',
  priceChanged: 'The price of this bundle has changed. Please check it and try again.',
  invalid: 'Please check the bundle details.',
} as const;

/** The least a bundle (and what a learner pays for it) costs, in KES. */
export const BUNDLE_MIN_PRICE = 10;

/** A bundle as the studio form sends it: 2 to 20 of the creator's published paid courses, in order. */
export const saveBundleSchema = z
  .object({
    title: z.string().trim().min(3, 'At least 3 characters').max(120, 'At most 120 characters'),
    description: z.string().trim().max(2000, 'At most 2000 characters'),
    courseIds: z
      .array(z.string().regex(ID_PATTERN, 'Unknown course'))
      .min(2, 'Choose at least 2 courses')
      .max(20, 'At most 20 courses')
      .refine((ids) => new Set(ids).size === ids.length, 'Each course once'),
    price: z.number().int('A whole number, please').min(BUNDLE_MIN_PRICE, BUNDLE_TEXT.tooCheap).max(1_000_000),
  })
  .strict();
export type SaveBundleInput = z.input<typeof saveBundleSchema>;

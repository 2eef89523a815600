import { z } from 'zod';
import { ID_PATTERN } from '#common/ids.ts';
import { GIFT_TOKEN } from './giftToken.ts';

export const giftTokenSchema = z.object({ token: z.string().regex(GIFT_TOKEN, 'Unknown gift') });
export const giftIdSchema = z.object({ giftId: z.string().regex(ID_PATTERN, 'Unknown gift') });

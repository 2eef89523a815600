import { z } from 'zod';

/** How far back the charts reach, in days. */
export const analyticsQuery = z
  .object({ days: z.enum(['7', '30', '90', '365']).default('30').transform(Number) })
  .strict();
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

import type { AppServices } from '../http/appContext.ts';

/** Loads the demo catalog into an empty database (placeholder until the seed lands). */
export async function seedDemoIfEmpty(_services: AppServices): Promise<void> {}

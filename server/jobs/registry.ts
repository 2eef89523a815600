// Every job type this application runs. Add a definition here to have workers run it.
import type { JobDefinition } from './defineJob.ts';

export const jobDefinitions: readonly JobDefinition[] = [];

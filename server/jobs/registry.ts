// Every job type this application runs. Add a definition here to have workers run it.
import { processVideoJob } from '../modules/media/processVideoJob.ts';
import type { JobDefinition } from './defineJob.ts';

export const jobDefinitions: readonly JobDefinition[] = [processVideoJob];

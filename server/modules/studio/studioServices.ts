import type { AppServices } from '../../http/appContext.ts';

/** What studio operations need from the running app: the database and the public-cache invalidation. */
export type StudioServices = Pick<AppServices, 'database' | 'catalogChanged'>;

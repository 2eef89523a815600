import type { HttpBindings } from '@hono/node-server';
import type { RequestContext } from './appContext.ts';

export type AppEnv = { Bindings: HttpBindings; Variables: { ctx: RequestContext } };

import type { HttpBindings } from '@hono/node-server';
import type { RequestContext } from '#server/edge/requestContext.ts';

export type AppEnv = { Bindings: HttpBindings; Variables: { ctx: RequestContext } };

import type { RouterContextProvider } from 'react-router';
import { requestContext, type RequestContext } from '#server/edge/requestContext.ts';

/** The services and actor of the current request, for loaders and actions. */
export function serverContext(context: Readonly<RouterContextProvider>): RequestContext {
  return context.get(requestContext);
}

// What route modules and components need of the request's context and the server's error type.
export { refusalData, throwNotFoundPage } from './pageRefusals.server.ts';
export type { RequestContext, Services, SessionUser } from '#server/edge/requestContext.ts';

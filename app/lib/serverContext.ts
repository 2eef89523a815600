import type { RouterContextProvider } from 'react-router';
import { requestContext, type RequestContext } from '../../server/http/appContext.ts';

/** The services and viewer of the current request, for loaders and actions. */
export function serverContext(context: Readonly<RouterContextProvider>): RequestContext {
  return context.get(requestContext);
}

// How route modules call operations without holding the request's services or actor: a loader or action
// gets a runner for its request and hands it the operation and its input.
import type { RouterContextProvider } from 'react-router';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { serverContext } from './context.server.ts';

export type Operation<I, R> = (services: Services, actor: Actor, input: I) => Promise<R>;

/** Runs an operation as the request's actor, on the request's services. */
export interface Runner {
  <R>(op: (services: Services, actor: Actor) => Promise<R>): Promise<R>;
  <I, R>(op: Operation<I, R>, input: I): Promise<R>;
}

export function operationRunner(context: Readonly<RouterContextProvider>): Runner {
  const { services, actor } = serverContext(context);
  return ((op: Operation<unknown, unknown>, input?: unknown) => op(services, actor, input)) as Runner;
}

import type { Services } from '#server/core/services.ts';

/** The same services with their clock stopped at `at`: operations run through them act at that moment. */
export function servicesAt<S extends Services>(services: S, at: Date): S {
  return { ...services, clock: { now: () => at } };
}

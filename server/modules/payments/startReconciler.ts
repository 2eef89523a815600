import type { Services } from '#server/core/services.ts';
import { reconcilePayments } from './reconcilePayments.ts';

/**
 * Runs the reconciler every PAYMENT_RECONCILE_INTERVAL_MS in this process. Several processes may run it:
 * settling is idempotent, so the worst case is a repeated STK query.
 */
export function startReconciler(services: Services): { stop(): Promise<void> } {
  const every = services.config.PAYMENT_RECONCILE_INTERVAL_MS;
  if (every === 0) return { stop: async () => {} };
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= reconcilePayments(services)
      .catch((err: unknown) => services.log.warn({ err: String(err) }, 'payment reconciler failed'))
      .finally(() => {
        running = null;
      });
  }, every);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

import type { Logger } from './logger.ts';

/**
 * SIGTERM (systemd, Kubernetes) and SIGINT (Ctrl-C) stop the process gracefully. Signals belong to the
 * program, not to startServer: tests start many servers in one process.
 */
export function stopOnSignal(running: { stop(): Promise<void> }, log: Logger): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.info({ signal }, 'shutting down');
      running.stop().then(
        () => process.exit(0),
        (err: unknown) => {
          log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

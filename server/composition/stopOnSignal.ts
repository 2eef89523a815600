import type { Logger } from '../logging/logger.ts';

/**
 * SIGTERM (systemd, Kubernetes) and SIGINT (Ctrl-C) stop the process gracefully. Signals belong to the
 * program, not to startServer: tests start many servers in one process. A repeated signal is ignored
 * rather than left to its default (instant death): systemd signals every process of the unit, so a web
 * process of a cluster hears SIGTERM from systemd and again from its primary.
 */
export function stopOnSignal(running: { stop(): Promise<void> }, log: Logger): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    running.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

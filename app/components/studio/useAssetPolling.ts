import { useEffect, useEffectEvent } from 'react';
import type { AssetView } from '#app/server/studio.server.ts';
import { studioApi } from './studioApi.ts';

const EVERY_MS = 4000;

export const isPending = (a: AssetView | null | undefined) =>
  !!a && (a.status === 'uploaded' || a.status === 'queued' || a.status === 'processing');

/** While a file waits for or is in processing, asks for its state every few seconds. */
export function useAssetPolling(asset: AssetView | null, onUpdate: (a: AssetView) => void) {
  const id = isPending(asset) ? asset!.id : null;
  // The poll restarts only when the polled file changes, and always reports to the latest onUpdate.
  const update = useEffectEvent((fresh: AssetView) => onUpdate(fresh));
  useEffect(() => {
    if (!id) return;
    const timer = setInterval(() => {
      studioApi<AssetView>(`/assets/${id}`, {}, '').then(
        (fresh) => update(fresh),
        () => {},
      );
    }, EVERY_MS);
    return () => clearInterval(timer);
  }, [id]);
}

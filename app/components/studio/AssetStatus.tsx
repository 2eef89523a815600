import { useState } from 'react';
import type { AssetView } from '#app/server/studio.server.ts';
import { studioApi } from './studioApi.ts';

const RETRY_FAILED = 'Could not retry. Please try again.';

/**
 * Where an uploaded file is in processing: queued, processing with its percentage, ready, or failed with
 * the reason and a retry.
 */
export function AssetStatus({ asset, onChange }: { asset: AssetView; onChange?(a: AssetView): void }) {
  const [retrying, setRetrying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (asset.status === 'ready') return <span className="asset-status ready">Ready</span>;
  if (asset.status === 'failed') {
    async function retry() {
      setRetrying(true);
      setError(null);
      try {
        onChange?.(await studioApi<AssetView>(`/assets/${asset.id}/retry`, { method: 'POST' }, RETRY_FAILED));
      } catch (err) {
        setError(err instanceof Error ? err.message : RETRY_FAILED);
      } finally {
        setRetrying(false);
      }
    }
    return (
      <span className="asset-status failed" role="alert">
        Processing failed{asset.error ? `: ${asset.error}` : ''}{' '}
        {onChange ? (
          <button type="button" className="btn btn-ghost btn-small" onClick={retry} disabled={retrying}>
            {retrying ? 'Retrying…' : 'Retry'}
          </button>
        ) : null}
        {error ? <span> {error}</span> : null}
      </span>
    );
  }
  if (asset.status === 'processing') {
    return (
      <span className="asset-status processing">
        Processing{asset.progress != null ? ` ${Math.round(asset.progress)}%` : '…'}
      </span>
    );
  }
  return <span className="asset-status queued">Queued for processing</span>;
}

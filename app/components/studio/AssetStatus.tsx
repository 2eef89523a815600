import { useState } from 'react';
import type { AssetView } from '#app/server/studio.server.ts';
import { useT } from '#app/i18n/useT.ts';
import { studioApi } from './studioApi.ts';

const RETRY_FAILED = 'Could not retry. Please try again.';

/**
 * Where an uploaded file is in processing: queued, processing with its percentage, ready, or failed with
 * the reason and a retry.
 */
export function AssetStatus({ asset, onChange }: { asset: AssetView; onChange?(a: AssetView): void }) {
  const { t } = useT();
  const [retrying, setRetrying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (asset.status === 'ready') return <span className="asset-status ready">{t('studio.asset.ready')}</span>;
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
        {t('studio.asset.failed')}
        {asset.error ? `: ${t(asset.error)}` : ''}{' '}
        {onChange ? (
          <button type="button" className="btn btn-ghost btn-small" onClick={retry} disabled={retrying}>
            {retrying ? t('studio.asset.retrying') : t('studio.asset.retry')}
          </button>
        ) : null}
        {error ? <span> {t(error)}</span> : null}
      </span>
    );
  }
  if (asset.status === 'processing') {
    return (
      <span className="asset-status processing">
        {asset.progress != null
          ? t('studio.asset.processingPct', { pct: Math.round(asset.progress) })
          : t('studio.asset.processing')}
      </span>
    );
  }
  return <span className="asset-status queued">{t('studio.asset.queued')}</span>;
}

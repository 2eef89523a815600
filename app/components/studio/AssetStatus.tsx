import type { AssetView } from '../../../server/modules/studio/assetView.ts';

/** Where an uploaded file is in processing: queued, processing with its percentage, ready, or failed. */
export function AssetStatus({ asset }: { asset: AssetView }) {
  if (asset.status === 'ready') return <span className="asset-status ready">Ready</span>;
  if (asset.status === 'failed') {
    return (
      <span className="asset-status failed" role="alert">
        Processing failed{asset.error ? `: ${asset.error}` : ''}. Please remove it and upload the file again.
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

import { useEffect, useRef, useState } from 'react';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES, CHUNK_BYTES, type UploadKind } from '#common/uploads/uploadRules.ts';
import type { AssetView } from '#app/server/studio.server.ts';
import { studioApi } from './studioApi.ts';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number; resumed: boolean }
  | { phase: 'done'; asset: AssetView }
  | { phase: 'failed'; message: string };

/** Waits between retries on flaky mobile data: quick first, then backing off to 30 s. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 30_000, 30_000];

/**
 * A resumable upload of one file over tus. tus-js-client keeps each upload's URL in localStorage under a
 * fingerprint of the file, so picking the same file again after a dropped connection, a reloaded tab or
 * a restarted server continues from the bytes the server already has.
 */
export function useTusUpload(kind: UploadKind, onDone: (asset: AssetView) => void) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const current = useRef<{ abort(): Promise<void> } | null>(null);
  useEffect(() => () => void current.current?.abort(), []);

  async function start(file: File) {
    if (file.size > UPLOAD_LIMITS[kind].maxBytes) {
      setState({ phase: 'failed', message: UPLOAD_MESSAGES.tooLarge(kind) });
      return;
    }
    setState({ phase: 'uploading', percent: 0, resumed: false });
    // Loaded on demand: editors need it, the public pages' bundles do not.
    const tus = await import('tus-js-client');
    let started = false;
    const upload = new tus.Upload(file, {
      endpoint: '/api/uploads',
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, kind, filetype: file.type },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress(sent, total) {
        started = true;
        setState((s) => ({
          phase: 'uploading',
          percent: Math.floor((sent / total) * 100),
          resumed: s.phase === 'uploading' && s.resumed,
        }));
      },
      onError(err) {
        const res = (err as { originalResponse?: { getBody(): string; getStatus(): number } | null }).originalResponse;
        const body = res?.getBody()?.trim();
        const status = res?.getStatus() ?? 0;
        const message =
          body && status >= 400 && status < 500 ? body : started ? UPLOAD_MESSAGES.failed : UPLOAD_MESSAGES.startFailed;
        setState({ phase: 'failed', message });
      },
      async onSuccess() {
        const id = upload.url?.split('/').pop();
        try {
          if (!id) throw new Error('no upload url');
          const asset = await studioApi<AssetView>(`/assets/${id}`, {}, UPLOAD_MESSAGES.noUrl);
          setState({ phase: 'done', asset });
          onDone(asset);
        } catch {
          setState({ phase: 'failed', message: UPLOAD_MESSAGES.noUrl });
        }
      },
    });
    current.current = upload;
    const previous = await upload.findPreviousUploads().catch(() => []);
    if (previous[0]) {
      upload.resumeFromPreviousUpload(previous[0]);
      setState({ phase: 'uploading', percent: 0, resumed: true });
    }
    upload.start();
  }

  function reset() {
    void current.current?.abort();
    current.current = null;
    setState({ phase: 'idle' });
  }

  return { state, start, reset };
}

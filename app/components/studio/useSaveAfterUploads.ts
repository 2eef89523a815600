import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import type { UploadState } from './useTusUpload.ts';

export interface UploadInProgress {
  field: string;
  percent: number;
}

/**
 * Save never drops a chosen file: pressed while a form's uploads are still going, it waits for them (the
 * form shows their progress) and saves once they are attached. An upload that fails meanwhile stops the
 * save (`onFailed`) instead of saving the form without its file; one the user cancels is simply not saved.
 */
export function useSaveAfterUploads(send: () => void, onFailed: (field: string) => void) {
  const [uploads, setUploads] = useState<Record<string, UploadState>>({});
  const [waitingFor, setWaitingFor] = useState<string[] | null>(null);
  /** For each UploadField's onUploadState (stable, so the fields report only real changes). */
  const report = useCallback((field: string, state: UploadState) => setUploads((u) => ({ ...u, [field]: state })), []);

  const inProgress: UploadInProgress[] = Object.entries(uploads).flatMap(([field, s]) =>
    s.phase === 'uploading' ? [{ field, percent: s.percent }] : [],
  );
  const stillUploading = waitingFor?.some((f) => uploads[f]?.phase === 'uploading') ?? false;

  const settle = useEffectEvent((fields: string[]) => {
    const failed = fields.find((f) => uploads[f]?.phase === 'failed');
    if (failed) onFailed(failed);
    else send();
  });
  useEffect(() => {
    if (!waitingFor || stillUploading) return;
    setWaitingFor(null);
    settle(waitingFor);
  }, [waitingFor, stillUploading]);

  /** Sends now, or once the uploads in progress have finished. */
  function save() {
    if (inProgress.length > 0) setWaitingFor(inProgress.map((u) => u.field));
    else send();
  }

  return { report, save, waiting: waitingFor !== null, inProgress };
}

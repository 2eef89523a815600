import { useEffect, useId, useState } from 'react';
import type { AssetView } from '#app/server/studio.server.ts';
import { ACCEPT, UPLOAD_LIMITS, type UploadKind } from '#common/uploads/uploadRules.ts';
import { useT } from '#app/i18n/useT.ts';
import { AssetStatus } from './AssetStatus.tsx';
import { formatFileSize } from '#common/learning/fileSize.ts';
import { useAssetPolling } from './useAssetPolling.ts';
import { type UploadState, useTusUpload } from './useTusUpload.ts';

const CHOOSE: Record<UploadKind, string> = {
  image: 'studio.upload.chooseImage',
  video: 'studio.upload.chooseVideo',
  pdf: 'studio.upload.choosePdf',
  resource: 'studio.upload.chooseFile',
  audio: 'studio.upload.chooseAudio',
};

interface Props {
  kind: UploadKind;
  label: string;
  value: AssetView | null;
  onChange(asset: AssetView | null): void;
  required?: boolean;
  /** Told of every change of the upload's state (the form's Save waits for uploads in progress). */
  onUploadState?(label: string, state: UploadState): void;
}

/** A file picker that uploads at once (resumably), shows its progress, then a preview and a remove button. */
export function UploadField({ kind, label, value, onChange, required, onUploadState }: Props) {
  const { t } = useT();
  const id = useId();
  const { state, start, reset } = useTusUpload(kind, onChange);
  useEffect(() => {
    onUploadState?.(label, state);
  }, [label, state, onUploadState]);
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  useAssetPolling(value, onChange);
  useEffect(() => () => void (localUrl && URL.revokeObjectURL(localUrl)), [localUrl]);

  function pick(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setLocalUrl(URL.createObjectURL(file));
    void start(file);
  }

  function remove() {
    reset();
    setLocalUrl(null);
    onChange(null);
  }

  const preview = localUrl ?? value?.preview ?? null;
  return (
    <div className="upload-field">
      <span className="field-label" id={`${id}-label`}>
        {label}
        {required ? ' *' : ''}
      </span>
      {value ? (
        <div className="upload-done">
          {kind === 'image' && preview ? (
            <img src={preview} alt={t('studio.upload.preview', { label })} className="upload-preview" />
          ) : null}
          {kind === 'video' && localUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: a preview of the creator's own just-chosen file, which has no captions yet (caption upload is issue 17)
            <video
              src={localUrl}
              controls
              preload="metadata"
              className="upload-preview"
              aria-label={t('studio.upload.preview', { label })}
            />
          ) : null}
          {kind === 'audio' && localUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: a preview of the creator's own just-chosen recording
            <audio src={localUrl} controls preload="metadata" aria-label={t('studio.upload.preview', { label })} />
          ) : null}
          {kind === 'video' && !localUrl && preview ? (
            <img src={preview} alt={t('studio.upload.preview', { label })} className="upload-preview" />
          ) : null}
          <div className="upload-meta">
            <span className="upload-name">
              {value.fileName ?? t('studio.upload.file')}
              {value.size ? ` · ${formatFileSize(value.size)}` : null}
            </span>
            <AssetStatus asset={value} onChange={onChange} />
            <button type="button" className="btn btn-ghost btn-small" onClick={remove}>
              {t('studio.upload.remove')}
            </button>
          </div>
        </div>
      ) : state.phase === 'uploading' ? (
        <div className="upload-progress">
          <progress max={100} value={state.percent} aria-labelledby={`${id}-label`} />
          <span aria-live="polite">
            {state.resumed ? t('studio.upload.resuming') : t('studio.upload.uploading')} {state.percent}%
          </span>
          <button type="button" className="btn btn-ghost btn-small" onClick={remove}>
            {t('studio.upload.cancel')}
          </button>
        </div>
      ) : (
        <>
          {/* The input stays focusable (keyboard users open the picker with Enter/Space); the label is its face. */}
          <input
            id={id}
            type="file"
            accept={ACCEPT[kind]}
            onChange={pick}
            className="upload-input"
            aria-labelledby={`${id}-label`}
          />
          <label className="upload-drop" htmlFor={id}>
            <span>{t(CHOOSE[kind])}</span>
            <small>{t(`studio.upload.hint.${kind}`, { mb: UPLOAD_LIMITS[kind].maxMb })}</small>
          </label>
          {state.phase === 'failed' ? (
            <p className="form-error" role="alert">
              {t(state.message)}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

import { useCallback } from 'react';
import { DOWNLOAD_QUALITIES, type DownloadChoice, type DownloadManifest } from '#common/offline/downloadManifest.ts';
import { fetchManifest, startDownload } from '../../offline/downloader.ts';
import { QualitySheet } from './QualitySheet.tsx';
import { useT } from '#app/i18n/useT.ts';

/**
 * The "Download all" sheet: each quality with the size of the whole course, then every episode one after
 * another (an episode without that quality, e.g. no listen-only variant, falls back to 240p; a PDF lesson
 * keeps its files, decision 0064).
 */
export default function DownloadAllControl({
  episodes,
  onDone,
}: {
  episodes: { id: string; order: number }[];
  onDone: () => void;
}) {
  const { t } = useT();
  const load = useCallback(async () => {
    // A lesson that cannot be downloaded (a quiz without files) is left out rather than failing the rest.
    const manifests = (await Promise.all(episodes.map((e) => fetchManifest(e.id).catch(() => null)))).filter(
      (m): m is DownloadManifest => !!m,
    );
    if (!manifests.length) throw new Error('This episode cannot be downloaded right now.');
    const video = DOWNLOAD_QUALITIES.filter((q) => manifests.some((m) => m.options.some((o) => o.quality === q)));
    // A course of PDF lessons only has one choice: the lessons' files.
    const offered: DownloadChoice[] = video.length ? video : ['files'];
    return offered.map((quality) => ({
      quality,
      bytes: manifests.reduce((sum, m) => {
        const o = m.options.find((x) => x.quality === quality) ?? m.options[0];
        return sum + (o?.bytes ?? 0);
      }, 0),
    }));
  }, [episodes]);
  const downloadAll = async (quality: DownloadChoice) => {
    for (const e of episodes) {
      const m = await fetchManifest(e.id).catch(() => null);
      if (!m) continue;
      const q = m.options.some((o) => o.quality === quality) ? quality : (m.options[0]?.quality ?? quality);
      await startDownload(e.id, q);
    }
  };
  return (
    <QualitySheet title={t('dl.downloadAllTitle')} load={load} onChoose={(q) => void downloadAll(q)} onClose={onDone} />
  );
}

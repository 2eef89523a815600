import { attachHls, isHlsSource, type StreamControl, type StreamOptions } from './hlsSource.ts';

/**
 * Connects a source URL to a <video> element and returns how to control and disconnect it. The one place
 * that knows how a source is played: HLS playlists (`.m3u8`) through hls.js, loaded on demand; other
 * files (MP4) straight to the element.
 */
export function attachSource(video: HTMLVideoElement, src: string, opts: StreamOptions = {}): StreamControl {
  // A saved position: seek there once the length is known (hls.js also starts loading from there).
  const startAt = opts.startAt;
  if (startAt)
    video.addEventListener(
      'loadedmetadata',
      () => {
        if (video.currentTime < startAt) video.currentTime = startAt;
      },
      { once: true },
    );
  if (isHlsSource(src)) return attachHls(video, src, opts);
  video.src = src;
  return {
    detach() {
      video.removeAttribute('src');
      video.load();
    },
    setQuality() {},
    setMaxShortSide() {},
    setListenOnly() {},
  };
}

/**
 * Connects a source URL to a <video> element and returns how to disconnect it. The one place that knows
 * how a source is played: today MP4 files go straight to the element; streaming formats (HLS) plug in here.
 */
export function attachSource(video: HTMLVideoElement, src: string): () => void {
  video.src = src;
  return () => {
    video.removeAttribute('src');
    video.load();
  };
}

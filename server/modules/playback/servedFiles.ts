// The only names the media route serves behind a token: what the HLS pipeline writes. Anything else —
// `../`, originals, other folders — is unreachable by construction. ffmpeg names the init segment
// `init.mp4` for a single rendition and `init_<n>.mp4` when there are several. `audio` is "Listen only";
// `-av1` and `-opus` name the AV1 + Opus family beside H.264 + AAC (decision 0066).
const RENDITION = /^(\d{2,4}p(-av1)?|audio(-opus)?)$/;
const RENDITION_FILE = /^(index\.m3u8|init(_\d{1,2})?\.mp4|seg_\d{5,6}\.m4s)$/;

export function isServedRenditionFile(rendition: string, file: string): boolean {
  return RENDITION.test(rendition) && RENDITION_FILE.test(file);
}

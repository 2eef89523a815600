// An uploaded caption file, as bytes, into the WebVTT the player gets: size cap, strict UTF-8, SRT
// converted, every cue checked. Anything wrong is a 4xx-mapped DomainError and nothing is stored.
import { DomainError } from '#server/core/errors.ts';
import { CAPTION_MESSAGES, MAX_CAPTION_BYTES } from '#common/captions/captions.ts';
import { parseVtt } from './parseVtt.ts';
import { looksLikeSrt, srtToVtt } from './srtToVtt.ts';

export function toWebVtt(bytes: Uint8Array): { vtt: string; cues: number } {
  if (bytes.byteLength > MAX_CAPTION_BYTES) throw new DomainError('too_large', CAPTION_MESSAGES.tooLarge);
  let text: string;
  try {
    // fatal: a Latin-1 or UTF-16 file is refused rather than shown as mojibake; the BOM is dropped.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new DomainError('unsupported_media_type', CAPTION_MESSAGES.notUtf8);
  }
  if (text.includes('\0')) throw new DomainError('unsupported_media_type', CAPTION_MESSAGES.notUtf8);
  const normalised = text.replace(/\r\n?/g, '\n');
  let vtt: string;
  if (normalised.startsWith('WEBVTT')) vtt = normalised;
  else if (looksLikeSrt(normalised)) vtt = srtToVtt(normalised);
  else throw new DomainError('unsupported_media_type', CAPTION_MESSAGES.notCaptions);
  return { vtt, cues: parseVtt(vtt) };
}

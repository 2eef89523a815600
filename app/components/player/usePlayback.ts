// What the player plays and how that is going: attaches the source (hls.js or a plain file) on the first Play,
// tracks loading/playing/paused/error with the reason of a failure, the stream's qualities and "Listen only",
// and starts over (position included) when the source changes. Kept apart so VideoPlayer reads as markup.
import {
  type Ref,
  type RefObject,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { readListenOnly } from '#app/lib/listenOnly.ts';
import { attachSource } from './attachSource.ts';
import { isHlsSource, preloadHls, type Quality, type StreamControl } from './hlsSource.ts';
import type { PlayerErrorText, PlayerHandle, PlayerState } from './VideoPlayer.tsx';

const MEDIA_ERRORS: Record<number, string> = {
  1: 'Loading was stopped.',
  2: 'A network error stopped the download.',
  3: 'The video could not be decoded.',
  4: 'The video format is not supported or the file was not found.',
};

interface PlaybackOptions {
  src: string | null | undefined;
  autoPlay: boolean;
  startAt: number | undefined;
  onStateChange: ((state: PlayerState) => void) | undefined;
  ref: Ref<PlayerHandle> | undefined;
  /** Always the audio-only variant (an audio lesson, whose master has nothing else; decision 0069). */
  listenOnly?: boolean;
}

export function usePlayback(
  videoRef: RefObject<HTMLVideoElement | null>,
  { src, autoPlay, startAt, onStateChange, ref, listenOnly = false }: PlaybackOptions,
) {
  const detachRef = useRef<StreamControl | null>(null);
  const [stream, setStream] = useState<StreamControl | null>(null);
  const [qualities, setQualities] = useState<Quality[]>([]);
  const [listenOnlyAvailable, setListenOnlyAvailable] = useState(false);
  const [listening, setListening] = useState(false);
  const [state, setState] = useState<PlayerState>(src ? 'paused' : 'error');
  const [error, setError] = useState<{ text: PlayerErrorText; reason: string } | null>(
    src ? null : { text: 'No video source provided', reason: '' },
  );
  const [started, setStarted] = useState(false);
  const [time, setTime] = useState(0);

  // Set on any failure: the element (or stream) is then dead and the next play attaches afresh ("Try again").
  const failedRef = useRef(false);
  const fail = useCallback((text: PlayerErrorText, reason = '') => {
    failedRef.current = true;
    setError({ text, reason });
    setState('error');
  }, []);

  // A moment asked for before the stream is attached (a note tapped before Play): where it starts instead.
  const seekBeforeStart = useRef<number | null>(null);
  const play = useCallback(() => {
    const v = videoRef.current;
    if (!v) return;
    if (!src) return fail('No video source provided');
    setError(null);
    if (failedRef.current && detachRef.current) {
      detachRef.current.detach();
      detachRef.current = null;
    }
    failedRef.current = false;
    if (!detachRef.current) {
      const from = seekBeforeStart.current ?? startAt;
      seekBeforeStart.current = null;
      detachRef.current = attachSource(v, src, {
        ...(from ? { startAt: from } : {}),
        listenOnly: listenOnly || readListenOnly(),
        onQualities: (list, audio) => {
          setQualities(list);
          setListenOnlyAvailable(audio);
        },
        onListenOnly: setListening,
        onFatal: fail,
      });
      setStream(detachRef.current);
      setStarted(true);
    }
    if (v.readyState < 3) setState('loading');
    const attempt = (retryMuted: boolean): Promise<void> =>
      v.play().catch((e: unknown) => {
        const name = e instanceof DOMException ? e.name : '';
        if (name === 'AbortError') return;
        // A browser that refuses sound without a fresh gesture may still play muted.
        if (name === 'NotAllowedError' && retryMuted) {
          v.muted = true;
          return attempt(false);
        }
        if (name === 'NotAllowedError') return setState('paused');
        if (name === 'NotSupportedError') return fail('Failed to load video', MEDIA_ERRORS[4]);
        fail('Error loading video', e instanceof Error ? e.message : '');
      });
    void attempt(true);
  }, [videoRef, src, fail, startAt, listenOnly]);

  const pause = useCallback(() => videoRef.current?.pause(), [videoRef]);
  const seek = useCallback(
    (seconds: number) => {
      const v = videoRef.current;
      if (!v) return;
      if (detachRef.current) v.currentTime = seconds;
      else seekBeforeStart.current = seconds;
      play();
    },
    [videoRef, play],
  );
  // The moment shown now, not the last timeupdate's (which lags by up to a quarter of a second).
  const currentTime = useCallback(() => videoRef.current?.currentTime ?? null, [videoRef]);
  useImperativeHandle(ref, () => ({ play, pause, seek, currentTime }), [play, pause, seek, currentTime]);

  useEffect(() => onStateChange?.(state), [state, onStateChange]);
  // The player is on screen: fetch the streaming code now rather than after Play is pressed.
  useEffect(() => {
    if (src && isHlsSource(src)) preloadHls();
  }, [src]);

  // A new source starts over; leaving detaches (and stops any download).
  // biome-ignore lint/correctness/useExhaustiveDependencies: autoPlay (and play) matter only when the source changes
  useEffect(() => {
    setError(src ? null : { text: 'No video source provided', reason: '' });
    setState(src ? 'paused' : 'error');
    setStarted(false);
    setTime(0);
    if (src && autoPlay) play();
    return () => {
      detachRef.current?.detach();
      detachRef.current = null;
      setStream(null);
      setQualities([]);
      setListenOnlyAvailable(false);
      setListening(false);
    };
  }, [src]);

  /** The <video>'s error event: a failure of the attached source, with the browser's reason. */
  const onMediaError = (e: SyntheticEvent<HTMLVideoElement>) => {
    // Without an attached source there is nothing that failed to load (e.g. after detaching).
    if (!detachRef.current) return;
    const code = e.currentTarget.error?.code ?? 0;
    const reason = e.currentTarget.error?.message || MEDIA_ERRORS[code] || '';
    fail(code === 3 ? 'Error loading video' : 'Failed to load video', reason);
  };

  return {
    state,
    setState,
    error,
    started,
    time,
    setTime,
    stream,
    qualities,
    listenOnlyAvailable,
    listening,
    play,
    pause,
    onMediaError,
  };
}

import { afterNextPaint } from '../../lib/workout-draft/after-next-paint';

/**
 * What the end of a rest does besides the screen (docs/api.md §11): a short sound made with Web
 * Audio (no file is fetched), a vibration where the device can, and the screen kept awake while a
 * workout is in progress. Each is skipped where the browser lacks it.
 */

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined;
  return (
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext
  );
}

/**
 * Browsers let a page play sound only after a tap: the Done tick that starts a rest opens (or
 * resumes) the audio context, so the beep at its end may sound. It does so after the tick's
 * paint: making the context took the first tick tens of milliseconds on a slow phone, and the
 * tap's user activation still holds a frame later (decision 0037).
 */
export function primeAudio(): void {
  afterNextPaint(openAudio);
}

function openAudio(): void {
  const Context = audioContextClass();
  if (!Context) return;
  try {
    context ??= new Context();
    if (context.state === 'suspended') void context.resume();
  } catch {
    context = null;
  }
}

/** Two short beeps, 880 Hz. */
export function beep(): void {
  const Context = audioContextClass();
  if (!Context) return;
  try {
    context ??= new Context();
    const start = context.currentTime;
    for (const offset of [0, 0.3]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.22);
    }
  } catch {
    // No sound here: the screen and the vibration still say it.
  }
}

export function vibrate(): void {
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function')
    navigator.vibrate([200, 100, 200]);
}

interface WakeLockSentinelLike {
  release: () => Promise<void>;
}

/**
 * Keeps the screen awake until the returned function is called. The browser drops the lock when
 * the tab is hidden, so it is asked for again each time the tab comes back.
 */
export function keepScreenAwake(): () => void {
  const wakeLock = (
    navigator as Navigator & { wakeLock?: { request: (type: 'screen') => Promise<WakeLockSentinelLike> } }
  ).wakeLock;
  if (!wakeLock) return () => {};
  let sentinel: WakeLockSentinelLike | null = null;
  let active = true;
  const request = () => {
    if (!active || document.visibilityState !== 'visible') return;
    wakeLock.request('screen').then(
      (lock) => {
        if (active) sentinel = lock;
        else void lock.release();
      },
      () => {
        // Refused (battery saver, no permission): the workout goes on without it.
      },
    );
  };
  request();
  document.addEventListener('visibilitychange', request);
  return () => {
    active = false;
    document.removeEventListener('visibilitychange', request);
    void sentinel?.release().catch(() => {});
  };
}

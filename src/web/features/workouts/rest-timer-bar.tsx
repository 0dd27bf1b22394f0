import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  REST_STEP_SECONDS,
  type Rest,
  adjustRest,
  formatRest,
  msUntilNextTick,
  restIsOver,
  restRemaining,
  skipRest,
} from '../../../contract/rest-timer';
import { beep, vibrate } from './rest-alerts';

interface RestTimerBarProps {
  /** The rest as stored with the workout: it counts from its start, so a reload does not reset it. */
  rest: Rest | null;
  onChange: (rest: Rest | null) => void;
  /** The bar's other controls (the running time, Finish). */
  children: ReactNode;
  /** Milliseconds since the epoch; Date.now in the app. */
  now?: () => number;
}

/**
 * The bar fixed to the bottom of the workout screen, within thumb reach: the rest's time left with
 * −15 s, +15 s and Skip while one runs, and the screen's own controls. Screen readers hear a rest
 * start and end (a polite live region), not every second; the count itself is hidden from them.
 */
export function RestTimerBar({ rest, onChange, children, now = Date.now }: RestTimerBarProps) {
  const [time, setTime] = useState(now);
  const [announcement, setAnnouncement] = useState('');
  // A rest running when the screen opened was announced then, not now.
  const [announcedStart, setAnnouncedStart] = useState<number | null>(rest?.startedAt ?? null);
  // The rest already over when the screen opened (a reload long after) does not beep again.
  const alerted = useRef<number | null>(rest && restIsOver(rest, now()) ? rest.startedAt : null);

  // A new rest is announced in the render that shows it, not by an effect after its commit: a
  // Done tick then renders and commits the bar once before its paint (decision 0037).
  if (rest && rest.startedAt !== announcedStart) {
    setAnnouncedStart(rest.startedAt);
    setAnnouncement(`Rest ${spoken(rest.seconds)} started`);
  }

  // The last tick can be older than a rest just started: until the next tick, the rest counts from its start.
  const shown = rest ? Math.max(time, rest.startedAt) : time;
  const running = rest !== null && !restIsOver(rest, shown);

  useEffect(() => {
    if (!rest) return;
    const current = now();
    const isOver = restIsOver(rest, current);
    // Rendered again only when the clock shows something else: a rest just started shows its
    // whole length either way.
    if (isOver ? !restIsOver(rest, shown) : restRemaining(rest, current) !== restRemaining(rest, shown))
      setTime(current);
    if (isOver) {
      if (alerted.current !== rest.startedAt) {
        alerted.current = rest.startedAt;
        setAnnouncement('Rest over');
        beep();
        vibrate();
      }
      return;
    }
    const timer = setTimeout(() => setTime(now()), msUntilNextTick(rest, current));
    return () => clearTimeout(timer);
  }, [rest, time, now, shown]);

  // Skip, or the rest running out, takes the timer's buttons away: a keyboard user's focus goes on
  // to the bar's own controls (Finish), not back to the top of the page. Blur is not relied on: a
  // removed button may leave without one.
  const timerHadFocus = useRef(false);
  const main = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (running || !timerHadFocus.current) return;
    timerHadFocus.current = false;
    const active = document.activeElement;
    if (active === null || active === document.body)
      main.current?.querySelector<HTMLElement>('button')?.focus();
  }, [running]);

  const left = rest ? restRemaining(rest, shown) : 0;
  return (
    <div className="workout-bar" role="region" aria-label="Rest timer and finish">
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {running && rest && (
        <div
          className="rest-timer"
          onFocus={() => (timerHadFocus.current = true)}
          onBlur={(event) => {
            // Focus taken elsewhere on purpose; a removed button's blur (no new target) keeps it.
            if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget))
              timerHadFocus.current = false;
          }}
        >
          <button
            type="button"
            className="btn btn-secondary rest-step"
            onClick={() => onChange(adjustRest(rest, -REST_STEP_SECONDS, now()))}
          >
            −15 s<span className="sr-only">{' (15 seconds less)'}</span>
          </button>
          <p className="rest-time">
            <span className="rest-label">Rest</span>
            <span className="rest-count" aria-hidden="true" data-testid="rest-count">
              {formatRest(left)}
            </span>
          </p>
          <button
            type="button"
            className="btn btn-secondary rest-step"
            onClick={() => onChange(adjustRest(rest, REST_STEP_SECONDS, now()))}
          >
            +15 s<span className="sr-only">{' (15 seconds more)'}</span>
          </button>
          <button
            type="button"
            className="btn btn-secondary rest-step"
            onClick={() => onChange(skipRest(rest, now()))}
          >
            Skip
          </button>
        </div>
      )}
      <div className="workout-bar-main" ref={main}>
        {children}
      </div>
    </div>
  );
}

/** "2 minutes 30 seconds" for the announcement. */
function spoken(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const m = Math.floor(whole / 60);
  const s = whole % 60;
  const parts = [m ? `${m} minute${m === 1 ? '' : 's'}` : '', s ? `${s} second${s === 1 ? '' : 's'}` : ''];
  return parts.filter(Boolean).join(' ') || '0 seconds';
}

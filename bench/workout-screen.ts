import { chromium, type Page } from 'playwright-core';
import { benchmarkIndexIn } from './machine';
import { middleRun } from './stats';
import { CHROME_FLAGS, CHROMIUM, cpuSlowdownMultiplier, type SignedIn } from './web';

/**
 * The workout screen's budget (docs/api.md §11 "Budgets"; docs/benchmarks.md "Gym mode's budgets"):
 * with 10 exercises × 6 sets in progress, in Chromium with the CPU slowed, ticking a set Done
 * paints the rest timer within 50 ms.
 *
 * Made through the app's own API and start flow, for an account the other web budgets do not
 * visit: a log of 10 weight exercises, a workout of 10 × 6 sets the day before (so every row has
 * last time's values and Done takes them in one tap), and a routine of 10 × 6 sets with a 90 s
 * rest. The screen is then opened at `…/workouts/in-progress?start=<routine>` (the log page's
 * Start button), which keeps the new workout in IndexedDB.
 *
 * Each tick is a raw mouse click at the Done button's centre (no Playwright actionability or
 * hit-target check inside the interaction), measured with the Event Timing API: the
 * interaction's duration (the longest of its pointerdown, pointerup and click entries: from the
 * input to the next paint after its handlers), as INP counts it. That paint shows the timer
 * when the timer entered the DOM while the click's handlers ran (a MutationObserver checks it
 * against the entry's processingEnd);
 * otherwise the tick's figure is from the click to the frame after the timer entered the DOM
 * (requestAnimationFrame, then a task). Event Timing reports only entries of 16 ms and more: a
 * tick without one is reported at that second figure.
 *
 * Each run then taps the same ten Done buttons on the screen's floor, in the same browser at the
 * same slowdown: a plain page of the screen's shape whose taps change the DOM directly
 * (`plainScreenHtml`, `plainDone`). What this machine's Chromium takes to show anything after a
 * tap is in both; the ratio of the two slowest ticks is the app's part (decision 0045).
 */

export const SCREEN_EXERCISES = 10;
export const SCREEN_SETS = 6;
const LOG_TITLE = 'Gym Bench';
const REST_SECONDS = 90;
const exerciseTitle = (i: number) => `Lift ${String.fromCharCode(65 + i)}`;

export interface Tick {
  /** Milliseconds: the figure judged (see above). */
  ms: number;
  /** The interaction's Event Timing duration, null when under 16 ms (not reported). */
  eventTiming: number | null;
  /** From the click to the frame after the timer entered the DOM. */
  afterPaint: number;
  /** The timer entered the DOM while the click's handlers ran (so the Event Timing paint shows it). */
  timerInFrame: boolean;
}
export interface TickRun {
  /** Lighthouse's benchmark index, measured as a Lighthouse run does: once, in the fresh browser. */
  benchmarkIndex: number;
  /** The CPU slowdown of the run: calibrated to that index, or a plain rate. */
  cpuSlowdownMultiplier: number;
  ticks: Tick[];
  /** The run's slowest tick (INP's figure for a page with fewer than 50 interactions). */
  worst: number;
  /** The same ticks on the screen's floor (`plainDone`), after the app's, in the same browser. */
  floorTicks: Tick[];
  floorWorst: number;
  /** `worst` ÷ `floorWorst`. */
  ratio: number;
}
export interface WorkoutScreenResult {
  runs: TickRun[];
  /** The median run's slowest tick. */
  median: number;
  /** The median run's slowest tick on the floor. */
  floor: number;
  /** The median of the runs' own ratios to their floor. */
  ratio: number;
}

async function api(origin: string, cookie: string, method: string, path: string, body: unknown) {
  const response = await fetch(origin + path, {
    method,
    headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** The account's log, exercises, last workout and routine; the screen's address. */
export async function prepareWorkoutScreen(origin: string, signedIn: SignedIn): Promise<string> {
  const cookie = `${signedIn.cookie.name}=${signedIn.cookie.value}`;
  const log = await api(origin, cookie, 'POST', '/api/logs', { title: LOG_TITLE });
  const slugLog = String(log.slugLog);
  const slugs: string[] = [];
  for (let i = 0; i < SCREEN_EXERCISES; i += 1) {
    const exercise = await api(origin, cookie, 'POST', `/api/logs/${slugLog}/exercises`, {
      title: exerciseTitle(i),
      session: 'wlsession',
    });
    slugs.push(String(exercise.slugExercise));
  }
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await api(origin, cookie, 'POST', `/api/logs/${slugLog}/workouts`, {
    title: LOG_TITLE,
    createdDate: yesterday,
    entries: slugs.map((slugExercise, i) => ({
      slugExercise,
      set: Array.from({ length: SCREEN_SETS }, (_, k) => ({
        repetitions: 8 + (k % 3),
        kilograms: 40 + 2.5 * i + 5 * (k % 2),
        isHard: k > 0,
      })),
    })),
  });
  const { routine } = (await api(origin, cookie, 'POST', `/api/logs/${slugLog}/routines`, {
    title: `${LOG_TITLE} A`,
    entries: slugs.map((slugExercise) => ({
      slugExercise,
      sets: SCREEN_SETS,
      repsMin: 8,
      repsMax: 10,
      restSeconds: REST_SECONDS,
    })),
  })) as { routine: { _id: string } };
  return `/logs/${slugLog}/workouts/in-progress?start=${routine._id}`;
}

interface PageRecord {
  events: Array<{
    name: string;
    startTime: number;
    processingEnd: number;
    duration: number;
    interactionId: number;
  }>;
  timerAt: number[];
  timerPaintedAt: number[];
  clicks: number[];
  /** The tick under way (`startTick`): settles once its figures are in. */
  tick: Promise<void> | null;
}
type BenchWindow = { benchTicks: PageRecord; startTick: () => number };

/** In the page, before the ticks: the observers that record what each tick did. */
function installRecorders() {
  const record: PageRecord = { events: [], timerAt: [], timerPaintedAt: [], clicks: [], tick: null };
  // A property, not a variable: this function goes to the page as its source, and a function
  // kept in a variable would be wrapped in a helper (tsx keeps names) that the page lacks.
  const waiting = {
    settle(): void {
      // No tick under way.
    },
  };
  // A tick's figures are in with the frame after the timer and the click's entry (none comes
  // under 16 ms: then a second is long enough to know).
  (window as unknown as BenchWindow).startTick = () => {
    const since = performance.now();
    record.tick = new Promise((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error('no rest timer painted within 30 s')), 30_000);
      waiting.settle = () => {
        const painted = record.timerPaintedAt.find((t) => t >= since);
        if (
          painted !== undefined &&
          (record.events.some((e) => e.name === 'click' && e.startTime >= since) ||
            performance.now() - painted > 1000)
        ) {
          clearTimeout(timeout);
          resolve();
        }
      };
    });
    return since;
  };
  (window as unknown as BenchWindow).benchTicks = record;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) {
      record.events.push({
        name: e.name,
        startTime: e.startTime,
        processingEnd: e.processingEnd,
        duration: e.duration,
        interactionId: (e as PerformanceEventTiming & { interactionId: number }).interactionId,
      });
    }
    waiting.settle();
  }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  new MutationObserver((mutations) => {
    const added = mutations.some((m) =>
      [...m.addedNodes].some(
        (n) =>
          n instanceof Element &&
          (n.matches('[data-testid="rest-count"]') || n.querySelector('[data-testid="rest-count"]')),
      ),
    );
    if (!added) return;
    record.timerAt.push(performance.now());
    requestAnimationFrame(() =>
      setTimeout(() => {
        record.timerPaintedAt.push(performance.now());
        waiting.settle();
        setTimeout(() => waiting.settle(), 1001);
      }),
    );
  }).observe(document.body, { childList: true, subtree: true });
  addEventListener('click', (e) => record.clicks.push(e.timeStamp), { capture: true });
}

/**
 * In the floor's page: what a Done tap changes on the screen, in plain DOM calls, as a page
 * without a framework would do it. The row and its button marked done, the row's empty inputs
 * given last time's values, and a rest timer (`timerHtml`) shown in the bar, where Skip takes it
 * away. The timer comes as an argument: the function goes to the page as its source, without
 * this module's constants.
 */
function plainDone(timerHtml: string) {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button');
    const bar = document.querySelector('.workout-bar');
    if (!button || !bar) return;
    if (button.classList.contains('done-tick')) {
      button.classList.add('is-done');
      button.setAttribute('aria-pressed', 'true');
      const row = button.closest('.workout-set');
      row?.classList.add('is-done');
      for (const input of row?.querySelectorAll('input') ?? [])
        if (!input.value && input.placeholder) input.value = input.placeholder;
      bar.querySelector('.rest-timer')?.remove();
      bar.querySelector('.workout-bar-main')?.insertAdjacentHTML('beforebegin', timerHtml);
      const live = bar.querySelector('[aria-live]');
      if (live) live.textContent = 'Rest 1 minute 30 seconds';
    } else if (button.textContent === 'Skip') bar.querySelector('.rest-timer')?.remove();
  });
}

/**
 * The floor's screen: the workout screen's shape in plain HTML (10 exercises × 6 set rows of two
 * inputs and a Done button, a bar fixed at the bottom), with a few rules of CSS and no framework.
 */
function plainScreenHtml(): string {
  const rows = (title: string) =>
    Array.from(
      { length: SCREEN_SETS },
      (_, k) =>
        `<li class="workout-set"><span>${k + 1}</span>` +
        `<input inputmode="numeric" aria-label="${title} set ${k + 1} reps" placeholder="8">` +
        `<input inputmode="decimal" aria-label="${title} set ${k + 1} KGs" placeholder="40">` +
        `<button type="button" class="done-tick" aria-pressed="false" aria-label="${title} set ${k + 1} done">✓</button></li>`,
    ).join('');
  const cards = Array.from(
    { length: SCREEN_EXERCISES },
    (_, i) => `<section><h2>${exerciseTitle(i)}</h2><ol>${rows(exerciseTitle(i))}</ol></section>`,
  ).join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><style>' +
    'html{scroll-padding-bottom:8rem}body{margin:0;font:16px/1.4 system-ui,sans-serif;padding-bottom:8rem}' +
    'section{margin:12px;padding:12px;border:1px solid #ccc;border-radius:8px}' +
    'ol{list-style:none;margin:0;padding:0}li{display:flex;gap:8px;align-items:center;min-height:44px}' +
    'li.is-done{background:#e6f4ea}input{width:4.5rem;font:inherit}' +
    'button{min-width:44px;min-height:44px;font:inherit}' +
    '.workout-bar{position:fixed;left:0;right:0;bottom:0;padding:12px;background:#f4f4f4}' +
    '.rest-timer{display:flex;gap:8px;align-items:center}' +
    `</style></head><body><main>${cards}</main><div class="workout-bar">` +
    '<p aria-live="polite"></p><div class="workout-bar-main"><button type="button">Finish</button></div>' +
    '</div></body></html>'
  );
}

/** The floor's rest timer, as `plainDone` shows it. */
const PLAIN_TIMER =
  '<div class="rest-timer"><button type="button">−15 s</button>' +
  '<p>Rest <span data-testid="rest-count">1:30</span></p><button type="button">+15 s</button>' +
  '<button type="button">Skip</button></div>';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Set 1 of each exercise ticked Done in turn, on the app's screen or its floor. */
async function tickEachExercise(page: Page): Promise<Tick[]> {
  await page.evaluate(installRecorders);
  const ticks: Tick[] = [];
  for (let i = 0; i < SCREEN_EXERCISES; i += 1) {
    const timer = page.getByTestId('rest-count');
    if (await timer.isVisible()) {
      await page.getByRole('button', { name: 'Skip', exact: true }).click();
      await timer.waitFor({ state: 'detached' });
    }
    const done = page.getByRole('button', { name: `${exerciseTitle(i)} set 1 done`, exact: true });
    await done.scrollIntoViewIfNeeded();
    await pause(500); // the previous change stored, the page idle
    const box = await done.boundingBox();
    if (!box) throw new Error(`tick ${i + 1}: the Done button has no box`);
    const before = await page.evaluate(() => (window as unknown as BenchWindow).startTick());
    // A tap as the browser gets it: raw input at the button's centre. A locator's click() would
    // also run Playwright's hit-target check (elementsFromPoint, a forced style and layout) in
    // a capture listener inside the interaction, work no user's tap does.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    // Then the page says when the tick is over. A locator's wait would poll the page from here
    // (a selector, a visibility check and their round trips, on the slowed main thread), inside
    // the tick's frame.
    await page.evaluate(() => (window as unknown as BenchWindow).benchTicks.tick);
    if (!(await timer.isVisible())) throw new Error(`tick ${i + 1}: the rest timer is not visible`);
    const r = await page.evaluate((since) => {
      const b = (window as unknown as BenchWindow).benchTicks;
      return {
        events: b.events.filter((e) => e.startTime >= since),
        timerAt: b.timerAt.filter((t) => t >= since),
        timerPaintedAt: b.timerPaintedAt.filter((t) => t >= since),
        clicks: b.clicks.filter((t) => t >= since),
      };
    }, before);
    const click = r.events.find((e) => e.name === 'click');
    const clickStart = click?.startTime ?? r.clicks[0];
    if (clickStart === undefined || !r.timerAt.length || !r.timerPaintedAt.length)
      throw new Error(`tick ${i + 1}: no click or no timer recorded`);
    const interaction = click?.interactionId
      ? r.events.filter((e) => e.interactionId === click.interactionId)
      : [];
    const eventTiming = interaction.length ? Math.max(...interaction.map((e) => e.duration)) : null;
    const afterPaint = r.timerPaintedAt[0] - clickStart;
    const timerInFrame = click ? r.timerAt[0] <= click.processingEnd : false;
    ticks.push({
      ms: eventTiming !== null && timerInFrame ? eventTiming : afterPaint,
      eventTiming,
      afterPaint,
      timerInFrame,
    });
  }
  return ticks;
}

/**
 * One fresh page: the screen loaded with the CPU slowed, then set 1 of each exercise ticked in
 * turn. `rate` 'calibrated': the slowdown a Lighthouse run would simulate, from the benchmark
 * index measured in this browser before the page, as Lighthouse measures it (bench/web.ts).
 */
async function oneRun(url: string, signedIn: SignedIn, rate: number | 'calibrated'): Promise<TickRun> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const origin = new URL(url).origin;
    await context.addCookies([{ ...signedIn.cookie, url: origin, httpOnly: true, sameSite: 'Strict' }]);
    const page = await context.newPage();
    // A browser still starting scores far lower (808–1,262 right after launch, 1,380–1,770 one
    // second later, on 2026-11-28); a Lighthouse run measures after its own setup.
    await pause(1000);
    const benchmarkIndex = await benchmarkIndexIn(page);
    const multiplier = rate === 'calibrated' ? cpuSlowdownMultiplier(benchmarkIndex) : rate;
    await page.goto(`${origin}/api/health`);
    await page.evaluate((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, Object.entries(signedIn.localStorage));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: multiplier });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // Every row has last time's values (the screen asks for each exercise's latest session).
    const lastWeight = await page
      .getByLabel(`${exerciseTitle(SCREEN_EXERCISES - 1)} set ${SCREEN_SETS} KGs`, { exact: true })
      .elementHandle({ timeout: 120_000 });
    await page.waitForFunction((input) => (input as HTMLInputElement).placeholder !== '', lastWeight, {
      timeout: 120_000,
    });
    const rows = await page.locator('.workout-set').count();
    if (rows !== SCREEN_EXERCISES * SCREEN_SETS)
      throw new Error(`the workout screen shows ${rows} set rows, not ${SCREEN_EXERCISES * SCREEN_SETS}`);
    const ticks = await tickEachExercise(page);
    await page.close();

    // The floor: the same taps on a plain page of the screen's shape, in the same browser at the
    // same slowdown.
    const floor = await context.newPage();
    await (await context.newCDPSession(floor)).send('Emulation.setCPUThrottlingRate', { rate: multiplier });
    await floor.setContent(plainScreenHtml());
    await floor.evaluate(plainDone, PLAIN_TIMER);
    const floorTicks = await tickEachExercise(floor);
    const worst = Math.max(...ticks.map((t) => t.ms));
    const floorWorst = Math.max(...floorTicks.map((t) => t.ms));
    return {
      benchmarkIndex,
      cpuSlowdownMultiplier: multiplier,
      ticks,
      worst,
      floorTicks,
      floorWorst,
      ratio: worst / floorWorst,
    };
  } finally {
    await browser.close();
  }
}

/** `runs` fresh pages at the CPU slowdown `rate`; the median run's slowest tick stands for the screen. */
export async function workoutScreenTicks(
  url: string,
  signedIn: SignedIn,
  runs: number,
  rate: number | 'calibrated',
): Promise<WorkoutScreenResult> {
  const out: TickRun[] = [];
  for (let run = 0; run < runs; run += 1) out.push(await oneRun(url, signedIn, rate));
  return {
    runs: out,
    median: middleRun(out.map((r) => r.worst)),
    floor: middleRun(out.map((r) => r.floorWorst)),
    ratio: middleRun(out.map((r) => r.ratio)),
  };
}

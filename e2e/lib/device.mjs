// What a shared device holds (docs/api.md §12), read from inside the page: the offline queue in
// IndexedDB, localStorage, and every Cache Storage entry that is an API answer.
import { expectHeading, expectToast } from './steps.mjs';

export const SAVED_OFFLINE = "Saved on this device — it will sync when you're back online";

/** { queue: [{userId, key, failure}], localStorage: {key: value}, apiCaches: [cache name: url] } */
export function deviceData(page) {
  return page.evaluate(async () => {
    const queue = await new Promise((resolve, reject) => {
      const open = indexedDB.open('workout-offline');
      open.onerror = () => reject(open.error);
      open.onupgradeneeded = () => open.result.createObjectStore('sessions');
      open.onsuccess = () => {
        const read = open.result.transaction('sessions').objectStore('sessions').getAll();
        read.onsuccess = () => {
          resolve(read.result.map((i) => ({ userId: i.userId, key: i.key, failure: i.failure })));
          open.result.close();
        };
      };
    });
    const stored = Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]));
    const apiCaches = [];
    for (const cacheName of await caches.keys()) {
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) {
        if (new URL(request.url).pathname.startsWith('/api/')) apiCaches.push(`${cacheName}: ${request.url}`);
      }
    }
    return { queue, localStorage: stored, apiCaches };
  });
}

/** Every request to /api from this page fails as if the network were gone (navigator.onLine stays true). */
export async function cutApi(page, { except = () => false } = {}) {
  await page.route('**/api/**', (route) =>
    except(route.request()) ? route.continue() : route.abort('internetdisconnected'),
  );
}

export async function restoreApi(page) {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}

/** On an exercise page: a weight session saved while the API cannot be reached, kept on the device. */
export async function queueWeightSession(page, { date, reps, kgs, notes }) {
  await page.getByRole('button', { name: 'Create New' }).click();
  await expectHeading(page, 'New Session');
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Set 1 reps').fill(String(reps));
  await page.getByLabel('Set 1 KGs').fill(String(kgs));
  if (notes) await page.getByLabel('Notes').fill(notes);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, SAVED_OFFLINE);
}

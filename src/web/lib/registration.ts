import { useEffect, useSyncExternalStore } from 'react';
import type { RegistrationMode } from '../../contract/users';

// REGISTRATION (docs/api.md §13) for the first screen's Register links (header, home), which
// load without the API layer: one plain GET of /api/config, made once, after the first render,
// and only for a signed-out visitor. Until it answers the links show, as on an open server; a
// closed server refuses the sign-up anyway (and its register screen says so).

let mode: RegistrationMode = 'open';
let asked = false;
const listeners = new Set<() => void>();

function ask() {
  if (asked) return;
  asked = true;
  fetch(new Request('/api/config', { credentials: 'same-origin' }))
    .then((response) => (response.ok ? response.json() : null))
    .then((config: { registration?: RegistrationMode } | null) => {
      if (config?.registration && config.registration !== mode) {
        mode = config.registration;
        for (const listener of listeners) listener();
      }
    })
    .catch(() => {
      asked = false; // offline: the next screen asks again
    });
}

/** `open` unless the server said otherwise; asks the server when `needed` (a signed-out screen). */
export function useRegistration(needed = true): RegistrationMode {
  useEffect(() => {
    if (needed) ask();
  }, [needed]);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => mode,
    () => mode,
  );
}

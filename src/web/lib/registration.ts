import { useEffect, useState } from 'react';
import type { RegistrationMode } from '../../contract/users';

// REGISTRATION (docs/api.md §13) for the first screen's Register links (header, home), which
// load without the API layer: one plain GET of /api/config, shared, made after the first render
// and only for a signed-out visitor. Until it answers the links show, as on an open server; a
// closed server refuses the sign-up anyway (and its register screen says so). Kept small: it is
// part of the first visit's script (vite.config.ts SHELL).

let asked: Promise<RegistrationMode> | undefined;

/** `open` unless the server said otherwise; asks the server when `needed` (a signed-out screen). */
export function useRegistration(needed = true): RegistrationMode {
  const [mode, setMode] = useState<RegistrationMode>('open');
  useEffect(() => {
    if (!needed) return;
    asked ??= fetch(new Request('/api/config'))
      .then((response) => response.json())
      .then((config: { registration?: RegistrationMode }) => config.registration ?? 'open');
    // Offline or refused: the next screen asks again.
    asked.then(setMode, () => (asked = undefined));
  }, [needed]);
  return mode;
}

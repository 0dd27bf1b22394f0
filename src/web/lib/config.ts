import { useEffect, useState } from 'react';
import type { PublicConfig } from '../../contract/users';

// The deployment's settings (GET /api/config: REGISTRATION and the identity provider of docs/api.md
// §13, the Turnstile site key, the contact details), read at run time so one build serves every
// server. One plain request per visit, shared by every screen, without the data layer: the header
// and home page show the Register link by it, and the sign-in screen renders before the data layer
// loads (docs/decisions/0029-sign-in-before-the-data-layer.md). Kept small: the entry holds it.

let asked: Promise<PublicConfig> | undefined;
let answer: PublicConfig | undefined;

/** The settings, asked once; after a failure (offline, refused) the next caller asks again. */
export function loadConfig(): Promise<PublicConfig> {
  return (asked ??= fetch(new Request('/api/config'))
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error('/api/config'))))
    .then(
      (config: PublicConfig) => (answer = config),
      (error: unknown) => {
        asked = undefined;
        throw error;
      },
    ));
}

/** The settings once answered, or that asking failed; asks only when `needed`. */
export function useConfig(needed = true): { config: PublicConfig | undefined; failed: boolean } {
  const [failed, setFailed] = useState(false);
  const [, setAnswered] = useState(false);
  useEffect(() => {
    if (needed && !answer)
      loadConfig().then(
        () => setAnswered(true),
        () => setFailed(true),
      );
  }, [needed]);
  return { config: answer, failed };
}

/** Forgets the answer, as a new page load does (each web test starts from one). */
export function forgetConfig(): void {
  asked = answer = undefined;
}

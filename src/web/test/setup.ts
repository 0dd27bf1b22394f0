// Imported first by every web test (vitest.config.ts has no setup file for the web project).
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { authStore } from '../lib/auth-store';

/*
 * The app calls relative URLs ('/api/logs') and passes jsdom's AbortSignal; Node's Request wants
 * an absolute URL and its own AbortSignal. Resolve against jsdom's location and leave the signal
 * out: nothing in these tests aborts a request.
 */
const NodeRequest = globalThis.Request;
class TestRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? new URL(input, window.location.href).href : input;
    super(url, { ...init, signal: undefined });
  }
}
globalThis.Request = TestRequest as typeof Request;

// jsdom has no matchMedia; the chart and nothing else asks for it.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => {},
  removeEventListener: () => {},
  addListener: () => {},
  removeListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

afterEach(() => {
  cleanup();
  authStore.signOut();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

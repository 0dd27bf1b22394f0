// Imported first by every web test (vitest.config.ts has no setup file for the web project).
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { authStore } from '../lib/auth-store';
import { forgetConfig } from '../lib/config';
import { drifted } from './contract-answers';

/*
 * The app calls relative URLs ('/api/logs') and passes jsdom's AbortSignal; Node's Request wants
 * an absolute URL and its own AbortSignal. Resolve against jsdom's location and leave the signal
 * out: nothing in these tests aborts a request.
 */
/** Request bodies that are files, by request (see TestRequest). */
export const blobBodies = new WeakMap<Request, Blob>();

const NodeRequest = globalThis.Request;
class TestRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? new URL(input, window.location.href).href : input;
    // Node cannot read jsdom's Blob (an uploaded file): keep it aside for the mock to read, and
    // give the request the Blob's type as a browser does.
    const blob = init?.body instanceof Blob ? init.body : undefined;
    const headers = new Headers(init?.headers);
    if (blob?.type && !headers.has('content-type')) headers.set('content-type', blob.type);
    super(url, { ...init, headers, body: blob ? undefined : init?.body, signal: undefined });
    if (blob) blobBodies.set(this, blob);
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
  const refused = drifted.splice(0);
  authStore.signOut();
  forgetConfig();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (refused.length > 0) throw refused[0];
});

import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { vi } from 'vitest';
import type { UserInfo } from '../../contract/users';
import { makeStore } from '../app/store';
import { authStore } from '../lib/auth-store';
import { checkAnswer, drifted } from './contract-answers';
import { aUser } from './fixtures';
import { blobBodies } from './setup';

export const USER: UserInfo = aUser();

/** Where the router is now, so a test can check a navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function currentLocation(container: HTMLElement = document.body): string {
  return container.querySelector('[data-testid="location"]')?.textContent ?? '';
}

interface RenderOptions {
  route?: string;
  /** The route pattern the element is mounted at (for useParams). */
  path?: string;
  user?: UserInfo | null;
}

/** Renders a screen with the store, a memory router and the toast area, like the app does. */
export function renderWithApp(
  element: ReactElement,
  { route = '/', path = '*', user = USER }: RenderOptions = {},
) {
  if (user) authStore.signIn(user);
  const store = makeStore();
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
        <ToastContainer />
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}

type Handler = (request: Request) => unknown | Promise<unknown>;

export interface MockedCall {
  method: string;
  path: string;
  /** Parsed when JSON, else the text (an uploaded CSV). */
  body: unknown;
  contentType: string | null;
}

/**
 * Answers the app's fetches from `routes` ('GET /api/logs' → body, or a function of the request).
 * A handler may return `reply(status, body)` for an error. Unmatched calls answer 404. Every
 * successful answer must parse with the route's contract schema (contract-answers.ts): a drifted
 * fixture fails the test that serves it.
 */
export function mockApi(routes: Record<string, unknown | Handler>) {
  const calls: MockedCall[] = [];
  const fetchMock = vi.fn(async (input: Request) => {
    const url = new URL(input.url);
    const text = await (blobBodies.get(input)?.text() ?? input.text());
    const contentType = input.headers.get('content-type');
    const isJson = !contentType || contentType.startsWith('application/json');
    const body = text ? (isJson ? (JSON.parse(text) as unknown) : text) : undefined;
    calls.push({ method: input.method, path: url.pathname + url.search, body, contentType });
    const route = routes[`${input.method} ${url.pathname}`];
    if (route === undefined) return json(404, { message: 'Not found' });
    const value = typeof route === 'function' ? await (route as Handler)(input) : route;
    if (value instanceof Response) return value;
    const answer = value instanceof Reply ? value : new Reply(200, value);
    if (answer.status < 300) {
      try {
        checkAnswer(input.method, url.pathname, answer.body);
      } catch (error) {
        // Thrown inside fetch, the error would only become a FETCH_ERROR: fail the test itself.
        drifted.push(error as Error);
        throw error;
      }
    }
    return json(answer.status, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export const reply = (status: number, body: unknown) => new Reply(status, body);

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

import type { AppStore } from '../../app/store';
import type { authApi } from './auth.api';

type AuthEndpoints = typeof authApi.endpoints;

/**
 * A request of the sign-in screen, which shows before the data layer (RTK Query and its store) has
 * loaded (docs/decisions/0029-sign-in-before-the-data-layer.md): the store and the auth endpoints
 * load with the request. The same endpoints, tags and base query as every other request.
 */
export async function sendAuth<T>(
  request: (endpoints: AuthEndpoints, dispatch: AppStore['dispatch']) => { unwrap: () => Promise<T> },
): Promise<T> {
  const [{ getStore }, { authApi }] = await Promise.all([import('../../app/store'), import('./auth.api')]);
  return request(authApi.endpoints, getStore().dispatch).unwrap();
}

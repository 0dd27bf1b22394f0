import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Spinner } from '../components/spinner';
import { authStore, useUserInfo } from '../lib/auth-store';

/**
 * Protected screens: without a signed-in user, /login replaces the entry (docs/product.md §2),
 * once the server has said this browser holds no session either.
 */
export function RequireAuth() {
  const userInfo = useUserInfo();
  if (userInfo) return <Outlet />;
  // After a logout or a 401 in this tab, asking would race the logout (and could sign back in).
  return authStore.signedOutHere() ? <Navigate to="/login" replace /> : <SessionPickup />;
}

/**
 * No user on this device, yet the browser may hold a session: a sign-in through the identity
 * provider lands on /logs straight from the provider's site (docs/api.md §13). The profile is
 * asked for once, through the API's one base query (so a logout still waiting for the connection
 * is sent first); only a user it answers signs the screen in. The store and the API load here,
 * lazily, as for every data screen.
 */
function SessionPickup() {
  const [signedOut, setSignedOut] = useState(false);
  useEffect(() => {
    let live = true;
    void (async () => {
      const [{ getStore }, { authApi }] = await Promise.all([
        import('./store'),
        import('../features/auth/auth.api'),
      ]);
      const answer = await getStore().dispatch(
        authApi.endpoints.getProfile.initiate(undefined, { forceRefetch: true, subscribe: false }),
      );
      if (!live) return;
      if (answer.data) authStore.signIn(answer.data);
      else setSignedOut(true);
    })().catch(() => live && setSignedOut(true));
    return () => {
      live = false;
    };
  }, []);
  return signedOut ? <Navigate to="/login" replace /> : <Spinner />;
}

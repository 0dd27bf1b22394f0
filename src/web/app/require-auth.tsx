import { Navigate, Outlet } from 'react-router';
import { useUserInfo } from '../lib/auth-store';

/** Protected screens: without a signed-in user, /login replaces the entry (docs/product.md §2). */
export function RequireAuth() {
  const userInfo = useUserInfo();
  return userInfo ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Login, register and home make no sense once signed in: go to the logs. */
export function RedirectIfSignedIn() {
  const userInfo = useUserInfo();
  return userInfo ? <Navigate to="/logs" replace /> : <Outlet />;
}

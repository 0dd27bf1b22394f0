import { Navigate, Outlet } from 'react-router';
import { useUserInfo } from '../lib/auth-store';

/** Login, register and home make no sense once signed in: go to the logs. */
export function RedirectIfSignedIn() {
  const userInfo = useUserInfo();
  return userInfo ? <Navigate to="/logs" replace /> : <Outlet />;
}

import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import { useGetProfileQuery } from '../features/auth/auth.api';
import { authStore, useUserInfo } from '../lib/auth-store';
import { getStore } from './store';

/**
 * Every screen that talks to the API sits under this route. It is loaded lazily with the Redux
 * store and RTK Query, which the home page does not need.
 */
export function DataLayout() {
  return (
    <Provider store={getStore()}>
      <SessionCheck />
      <Outlet />
    </Provider>
  );
}

/**
 * The stored userInfo may outlive the cookie (expired, revoked by a password reset elsewhere):
 * asking for the profile once per visit finds out, since a 401 logs the user out. It also picks
 * up changes made elsewhere, such as being made an admin.
 */
function SessionCheck() {
  const userInfo = useUserInfo();
  const { data } = useGetProfileQuery(undefined, { skip: !userInfo });
  useEffect(() => {
    if (!data || !userInfo || data._id !== userInfo._id) return;
    if (
      data.isAdmin !== userInfo.isAdmin ||
      data.username !== userInfo.username ||
      data.email !== userInfo.email
    ) {
      authStore.signIn(data);
    }
  }, [data, userInfo]);
  return null;
}

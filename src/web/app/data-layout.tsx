import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import { useGetProfileQuery } from '../features/auth/auth.api';
import { NavTabs } from '../components/nav-tabs';
import { authStore, useUserInfo } from '../lib/auth-store';
import { keepFocusInView } from '../lib/keep-focus-in-view';
import { getStore } from './store';

/**
 * Every screen that talks to the API sits under this route. It is loaded lazily with the Redux
 * store and RTK Query, which the home page does not need.
 */
export function DataLayout() {
  // Offline support: its bar and queue matter on the screens that save (app/offline-start.tsx).
  useEffect(() => void import('./offline-start'), []);
  // The bars at the bottom (the tab bar, the workout's, the toasts) never hide a focused control.
  useEffect(() => keepFocusInView(), []);
  return (
    <Provider store={getStore()}>
      <SessionCheck />
      <Outlet />
      <NavTabs />
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
  const { data, fulfilledTimeStamp } = useGetProfileQuery(undefined, { skip: !userInfo });
  // Only a newly fetched profile updates userInfo: reacting to userInfo itself would write an older
  // cached profile back over what a profile update has just stored.
  useEffect(() => {
    const current = authStore.get();
    if (!data || !current || data._id !== current._id) return;
    if (
      data.isAdmin !== current.isAdmin ||
      data.username !== current.username ||
      data.email !== current.email
    ) {
      authStore.signIn(data);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on each completed fetch only
  }, [fulfilledTimeStamp]);
  return null;
}

import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { authStore } from '../lib/auth-store';

/** Redux holds the API cache only; who is signed in lives in lib/auth-store. */
export function makeStore() {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  // Answers fetched for one account must never be shown to the next one on this browser.
  let userId = authStore.get()?._id;
  authStore.subscribe(() => {
    const next = authStore.get()?._id;
    if (next !== userId) {
      userId = next;
      store.dispatch(api.util.resetApiState());
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;

let appStore: AppStore | undefined;
/** The one store of the running app, created when the first screen that talks to the API loads. */
export function getStore(): AppStore {
  appStore ??= makeStore();
  return appStore;
}

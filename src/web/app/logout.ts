import { toast } from 'react-toastify/unstyled';
import { authStore } from '../lib/auth-store';

/**
 * Ends the session on the server, then here, and says so (docs/product.md §4). Loaded on demand from the header: a signed-in user
 * has already loaded the API layer, so these imports come from the module cache.
 */
export async function logoutUser(): Promise<void> {
  try {
    const [{ getStore }, { authApi }] = await Promise.all([
      import('./store'),
      import('../features/auth/auth.api'),
    ]);
    await getStore().dispatch(authApi.endpoints.logout.initiate()).unwrap();
  } catch {
    // Signed out locally either way; a server session left behind expires by itself.
  }
  authStore.signOut();
  toast.success('You are now logged out');
}

import '../test/setup';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, MemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { describe, expect, it } from 'vitest';
import { authStore } from '../lib/auth-store';
import { currentLocation, mockApi, USER } from '../test/render';
import { Header } from './header';
import { useLocation } from 'react-router';

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderHeader() {
  return render(
    <MemoryRouter initialEntries={['/logs']}>
      <Header />
      <p>Outside</p>
      <Where />
      <ToastContainer />
    </MemoryRouter>,
  );
}

const menuButton = () => screen.getByRole('button', { name: 'Menu' });
const menu = () => screen.getByRole('navigation', { name: 'Main', hidden: true });
const isOpen = () => menuButton().getAttribute('aria-expanded') === 'true';
const links = () => Array.from(menu().querySelectorAll('a, button')).map((el) => el.textContent);

describe('Header', () => {
  it('shows the title and a closed menu', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Workout Tracker' }).getAttribute('href')).toBe('/');
    expect(isOpen()).toBe(false);
  });

  it('signed out: Home, Contact, Login, Register', () => {
    renderHeader();
    expect(links()).toEqual(['Home', 'Contact', 'Login', 'Register']);
  });

  it('signed in: Home, Contact, Profile and Logout; Admin only for admins', () => {
    authStore.signIn(USER);
    const { unmount } = renderHeader();
    expect(links()).toEqual(['Home', 'Contact', 'Profile', 'Logout']);
    unmount();
    authStore.signIn({ ...USER, isAdmin: true });
    renderHeader();
    expect(links()).toEqual(['Home', 'Contact', 'Profile', 'Admin', 'Logout']);
    expect(screen.getByRole('link', { name: 'Admin', hidden: true }).getAttribute('href')).toBe('/');
  });

  it('the hamburger toggles the menu; a click outside or on a link closes it', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(menuButton());
    expect(isOpen()).toBe(true);
    await user.click(menuButton());
    expect(isOpen()).toBe(false);

    await user.click(menuButton());
    // The open menu's code (components/open-menu.tsx, loaded on its opening) closes it from
    // outside: a click before it has loaded closes nothing, on a busy machine too.
    await screen.findByRole('button', { name: 'Dark' });
    await user.click(screen.getByText('Outside'));
    expect(isOpen()).toBe(false);

    await user.click(menuButton());
    await user.click(screen.getByRole('link', { name: 'Contact' }));
    expect(isOpen()).toBe(false);
    expect(currentLocation()).toBe('/contact');
  });

  it('a menu opened after the address changed stays open when that screen commits; other navigations close it', async () => {
    const router = createBrowserRouter([
      {
        path: '*',
        element: (
          <>
            <Header />
            <Where />
          </>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    // As the router does: the address first, the screen after, in a transition.
    window.history.pushState(null, '', '/contact');
    await userEvent.click(menuButton());
    expect(isOpen()).toBe(true);
    await act(() => router.navigate('/contact'));
    expect(currentLocation()).toBe('/contact');
    expect(isOpen()).toBe(true);
    await act(() => router.navigate('/profile'));
    expect(currentLocation()).toBe('/profile');
    expect(isOpen()).toBe(false);
  });

  it('Logout calls the server, clears the user and storage, goes home with a toast', async () => {
    const { calls } = mockApi({ 'POST /api/users/logout': { message: 'Logged out' } });
    authStore.signIn(USER);
    renderHeader();
    await userEvent.click(menuButton());
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('You are now logged out')).toBeTruthy();
    // Signed out, the menu asks whether the server takes sign-ups (lib/registration.ts).
    const writes = calls.filter((c) => c.path !== '/api/config');
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/users/logout']);
    expect(authStore.get()).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});

import '../test/setup';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../lib/auth-store';
import { USER } from '../test/render';
import { THEME_KEY, ThemeMenu } from './theme-menu';

const pressed = () =>
  screen
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

describe('ThemeMenu', () => {
  afterEach(() => {
    delete document.documentElement.dataset.theme;
    localStorage.clear();
  });

  it('follows the system until a theme is chosen; the choice is stored and applied to <html>', async () => {
    const user = userEvent.setup();
    render(
      <ul>
        <ThemeMenu />
      </ul>,
    );
    expect(screen.getByRole('group', { name: 'Theme' })).toBeTruthy();
    expect(pressed()).toEqual(['System']);

    await user.click(screen.getByRole('button', { name: 'Light' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
    expect(pressed()).toEqual(['Light']);

    await user.click(screen.getByRole('button', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'System' }));
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
  });

  it('starts from the theme the head script applied, and keeps it through a logout', async () => {
    document.documentElement.dataset.theme = 'light';
    localStorage.setItem(THEME_KEY, 'light');
    render(
      <ul>
        <ThemeMenu />
      </ul>,
    );
    expect(pressed()).toEqual(['Light']);
    authStore.signIn(USER);
    authStore.signOut(); // clears localStorage (docs/product.md §4)
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
  });
});

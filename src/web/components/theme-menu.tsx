import { useState } from 'react';
import { authStore } from '../lib/auth-store';

// The theme choice in the header menu, loaded when the menu first opens so the first visit's entry
// script stays within its budget. index.html's head script applies the stored choice before the
// first paint; styles/tokens.css holds both palettes.

export const THEME_KEY = 'theme';
export type Theme = 'system' | 'light' | 'dark';
const CHOICES: Array<[Theme, string]> = [
  ['system', 'System'],
  ['light', 'Light'],
  ['dark', 'Dark'],
];

export function readTheme(): Theme {
  const value = document.documentElement.dataset.theme;
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** Applies the choice to <html data-theme> and remembers it on this device. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  writeTheme(theme);
}

function writeTheme(theme: Theme): void {
  try {
    if (theme === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, theme);
  } catch {
    // storage unavailable: the choice holds for this page only
  }
}

// Logging out wipes localStorage (lib/auth-store.ts, docs/product.md §4); the theme is the
// device's, not the user's, so it is written back.
authStore.subscribe(() => {
  if (!authStore.get()) writeTheme(readTheme());
});

export function ThemeMenu() {
  const [theme, setTheme] = useState(readTheme);
  return (
    <li>
      <div className="theme-menu" role="group" aria-labelledby="theme-menu-label">
        <span id="theme-menu-label" className="theme-menu-label">
          Theme
        </span>
        {CHOICES.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className="theme-choice"
            aria-pressed={theme === value}
            onClick={() => {
              applyTheme(value);
              setTheme(value);
            }}
          >
            {label}
          </button>
        ))}
      </div>
    </li>
  );
}

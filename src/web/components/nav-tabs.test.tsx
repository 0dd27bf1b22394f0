import '../test/setup';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { currentTab, NavTabs } from './nav-tabs';

describe('NavTabs (docs/api.md §14)', () => {
  it('marks the current tab: a log’s gym screens are Workout’s, the rest of /logs is Logs’', () => {
    expect(currentTab('/workout')).toBe('workout');
    expect(currentTab('/logs/strength/workouts/in-progress')).toBe('workout');
    expect(currentTab('/logs/strength/routines')).toBe('workout');
    expect(currentTab('/history')).toBe('history');
    expect(currentTab('/history/2026-11-20')).toBe('history');
    expect(currentTab('/logs')).toBe('logs');
    expect(currentTab('/logs/strength/bench-press')).toBe('logs');
    expect(currentTab('/profile')).toBe('profile');
    expect(currentTab('/contact')).toBeNull();
  });

  it('shows the four tabs to a signed-in user, the current one with aria-current', () => {
    renderWithApp(<NavTabs />, { route: '/history/2026-11-20' });
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Workout', 'History', 'Logs', 'Profile']);
    expect(screen.getByRole('link', { name: 'History' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Logs' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Workout' }).getAttribute('href')).toBe('/workout');
  });

  it('shows nothing without a user', () => {
    renderWithApp(<NavTabs />, { route: '/logs', user: null });
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

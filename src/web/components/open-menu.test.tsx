import '../test/setup';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import OpenMenu from './open-menu';

/**
 * The open menu's listeners as they are for a moment after a navigation closed the menu (their
 * cleanup runs after that commit): the header's markup, its button counting its toggles.
 */
function renderOpenMenu() {
  const close = vi.fn();
  const toggle = vi.fn();
  render(
    <>
      <header className="site-header">
        <div className="header-inner">
          <button type="button" className="menu-button" onClick={toggle}>
            Menu
          </button>
          <nav className="menu">
            <a href="/contact">Contact</a>
          </nav>
        </div>
      </header>
      <OpenMenu close={close} />
      <button type="button">Outside</button>
    </>,
  );
  return { close, toggle };
}

describe('OpenMenu', () => {
  it('closes the menu from outside without toggling its button, so a closed menu stays closed', () => {
    const { close, toggle } = renderOpenMenu();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Outside' }));
    expect(close).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(close).toHaveBeenCalledTimes(2);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.focusOut(screen.getByRole('link', { name: 'Contact' }), {
      relatedTarget: screen.getByRole('button', { name: 'Outside' }),
    });
    expect(close).toHaveBeenCalledTimes(3);
    expect(toggle).not.toHaveBeenCalled();
  });

  it('leaves a press inside the menu to the menu', () => {
    const { close } = renderOpenMenu();
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Contact' }));
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Menu' }));
    expect(close).not.toHaveBeenCalled();
  });
});

import '../test/setup';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MoreMenu } from './more-menu';

function renderMenu() {
  const onDelete = vi.fn();
  const onCopy = vi.fn();
  render(
    <>
      <MoreMenu
        items={[
          { label: 'Copy', onSelect: onCopy },
          { label: 'Delete', onSelect: onDelete, danger: true },
        ]}
      />
      <button type="button">Elsewhere</button>
    </>,
  );
  return { onDelete, onCopy, button: screen.getByRole('button', { name: 'More' }) };
}

describe('MoreMenu', () => {
  it('is a closed menu button until pressed, then a menu with its items, the first focused', async () => {
    const { button } = renderMenu();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'More' });
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Copy', 'Delete']);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Copy' }));
  });

  it('moves with the arrow keys, Home and End (wrapping), and Escape closes it back to its button', async () => {
    const { button } = renderMenu();
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    const [copy, remove] = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(copy);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(remove);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(copy);
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(remove);
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(copy);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(remove);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on its last item with ArrowUp, and Tab walks the items then closes it on leaving', async () => {
    const { button } = renderMenu();
    button.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Copy' }));
    await userEvent.tab(); // Delete
    await userEvent.tab(); // out of the menu
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('runs a chosen item once, closed, with focus back on the button', async () => {
    const { button, onDelete, onCopy } = renderMenu();
    await userEvent.click(button);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onCopy).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes on a click outside it, and on a second press of its button', async () => {
    const { button } = renderMenu();
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    await userEvent.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

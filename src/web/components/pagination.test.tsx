import '../test/setup';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

const pageLabels = () =>
  screen
    .getAllByRole('button')
    .map((b) => b.textContent)
    .filter((t) => t && t !== '…');

describe('Pagination', () => {
  it('shows nothing for an empty list (0 pages) or a single page', () => {
    const { container, rerender } = render(<Pagination page={1} totalPages={0} onPageChange={() => {}} />);
    expect(container.innerHTML).toBe('');
    rerender(<Pagination page={1} totalPages={1} onPageChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('lists every page when there are few, marking the current one', () => {
    render(<Pagination page={2} totalPages={3} onPageChange={() => {}} />);
    expect(pageLabels()).toEqual(['1', '2', '3']);
    expect(
      screen.getByRole('button', { name: 'Page 2 is your current page' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('keeps one page at each edge and a window of 9 around the current page', () => {
    render(<Pagination page={15} totalPages={30} onPageChange={() => {}} />);
    // margin 1: page 1 and page 30; range 9: a window around 15; the rest folded into '…'
    const labels = pageLabels();
    expect(labels[0]).toBe('1');
    expect(labels.at(-1)).toBe('30');
    expect(labels).toContain('15');
    const middle = labels.slice(1, -1).map(Number);
    expect(middle.length).toBeGreaterThanOrEqual(9);
    expect(middle.length).toBeLessThanOrEqual(10);
    expect(screen.getAllByText('…')).toHaveLength(2);
  });

  it('reports 1-based pages from the numbers and the arrows', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination page={2} totalPages={5} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
  });

  it('disables the previous arrow on the first page and the next arrow on the last', () => {
    const { rerender } = render(<Pagination page={1} totalPages={4} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous page' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('false');
    rerender(<Pagination page={4} totalPages={4} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('follows the page in the address when it changes', () => {
    const { rerender } = render(<Pagination page={1} totalPages={4} onPageChange={() => {}} />);
    rerender(<Pagination page={3} totalPages={4} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Page 3 is your current page' })).toBeTruthy();
  });
});

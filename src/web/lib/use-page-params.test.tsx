import '../test/setup';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useClampPage, usePageParams } from './use-page-params';

function Probe({ defaultLimit, totalPages }: { defaultLimit: number; totalPages?: number }) {
  const { limit, page, setPage, setLimit } = usePageParams(defaultLimit);
  useClampPage(page, totalPages, setPage);
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <div>
      <output data-testid="values">{`${limit}/${page}`}</output>
      <output data-testid="search">{location.search}</output>
      <output data-testid="history">{String((window.history.state as { idx?: number } | null)?.idx)}</output>
      <button onClick={() => setPage(page + 1)}>next</button>
      <button onClick={() => setLimit(24)}>size 24</button>
      <button onClick={() => navigate(-1)}>back</button>
    </div>
  );
}

const values = () => screen.getByTestId('values').textContent;
const search = () => screen.getByTestId('search').textContent;

function renderAt(url: string, props: { defaultLimit: number; totalPages?: number }) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Probe {...props} />
    </MemoryRouter>,
  );
}

describe('usePageParams', () => {
  it('uses the screen default: 10 for the logs list, 12 elsewhere, page 1', () => {
    renderAt('/logs', { defaultLimit: 10 });
    expect(values()).toBe('10/1');
    renderAt('/logs/x', { defaultLimit: 12 });
    expect(screen.getAllByTestId('values')[1].textContent).toBe('12/1');
  });

  it('coerces to numbers and clamps to at least 1', () => {
    renderAt('/logs?limit=0&page=-3', { defaultLimit: 10 });
    expect(values()).toBe('1/1');
  });

  it('falls back to the defaults for values that are not numbers', () => {
    renderAt('/logs?limit=abc&page=two', { defaultLimit: 10 });
    expect(values()).toBe('10/1');
  });

  it('writes the page to the address', async () => {
    renderAt('/logs?limit=24&page=2', { defaultLimit: 10 });
    await userEvent.click(screen.getByText('next'));
    expect(search()).toBe('?limit=24&page=3');
  });

  it('a new page size starts again at page 1 and replaces the history entry', async () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/logs?page=1', '/logs?page=3']} initialIndex={1}>
        <Probe defaultLimit={10} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByText('size 24'));
    expect(search()).toBe('?page=1&limit=24');
    await userEvent.click(screen.getByText('back'));
    // One step back is the entry before page 3: the size change did not add one.
    expect(container.querySelector('[data-testid="search"]')?.textContent).toBe('?page=1');
  });
});

describe('useClampPage', () => {
  it('moves a page past the end to the last page', async () => {
    renderAt('/logs?page=9', { defaultLimit: 10, totalPages: 3 });
    await waitFor(() => expect(values()).toBe('10/3'));
  });

  it('treats an empty list (0 pages) as one page', async () => {
    renderAt('/logs?page=4', { defaultLimit: 10, totalPages: 0 });
    await waitFor(() => expect(values()).toBe('10/1'));
  });

  it('leaves a page in range alone', () => {
    renderAt('/logs?page=2', { defaultLimit: 10, totalPages: 3 });
    expect(values()).toBe('10/2');
  });
});

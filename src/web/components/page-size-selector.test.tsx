import '../test/setup';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageSizeSelector } from './page-size-selector';

const options = () => screen.getAllByRole('option').map((o) => o.textContent);

describe('PageSizeSelector', () => {
  it('offers 12, 24 and 48', () => {
    render(<PageSizeSelector limit={12} onChange={() => {}} />);
    expect(options()).toEqual(['12', '24', '48']);
    expect((screen.getByLabelText('Per page') as HTMLSelectElement).value).toBe('12');
  });

  it('also lists a size in use that is not one of them (the logs default of 10)', () => {
    render(<PageSizeSelector limit={10} onChange={() => {}} />);
    expect(options()).toEqual(['10', '12', '24', '48']);
    expect((screen.getByLabelText('Per page') as HTMLSelectElement).value).toBe('10');
  });

  it('reports the chosen size as a number', async () => {
    const onChange = vi.fn();
    render(<PageSizeSelector limit={12} onChange={onChange} />);
    await userEvent.selectOptions(screen.getByLabelText('Per page'), '48');
    expect(onChange).toHaveBeenCalledWith(48);
  });
});

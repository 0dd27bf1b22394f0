import '../test/setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecordBadges } from './record-badges';

describe('RecordBadges', () => {
  it('shows a pill per record set, named for screen readers', () => {
    render(<RecordBadges names={['heaviest', 'e1rm']} />);
    const list = screen.getByRole('list', { name: 'Personal records set in this session' });
    const items = screen.getAllByRole('listitem');
    expect(list.contains(items[0])).toBe(true);
    expect(items.map((i) => i.textContent)).toEqual([
      'PR · Personal record: Heaviest',
      'PR · Personal record: Estimated 1RM',
    ]);
  });

  it('shows nothing for a session that set no record', () => {
    const { container } = render(<RecordBadges names={[]} />);
    expect(container.innerHTML).toBe('');
  });
});

import '../test/setup';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SET_TYPE_BADGES } from '../../contract/set-types';
import { SET_TYPE_LETTERS, SetTypeBadge } from './set-type-badge';

describe('SET_TYPE_LETTERS', () => {
  it('are the contract’s badges', () => {
    expect(SET_TYPE_LETTERS).toEqual(SET_TYPE_BADGES);
  });
});

describe('SetTypeBadge', () => {
  it('shows W, D or F, named in full for screen readers', () => {
    for (const [type, letter, name] of [
      ['warmup', 'W', 'Warm-up'],
      ['drop', 'D', 'Drop'],
      ['failure', 'F', 'Failure'],
    ] as const) {
      const { container, unmount } = render(<SetTypeBadge type={type} />);
      const badge = container.querySelector('.set-type-badge')!;
      expect(badge.querySelector('[aria-hidden="true"]')!.textContent).toBe(letter);
      expect(badge.querySelector('.sr-only')!.textContent).toBe(` ${name}`);
      expect(badge.getAttribute('title')).toBe(name);
      unmount();
    }
  });

  it('shows nothing for a normal set, or a set without a type', () => {
    for (const type of ['normal', null, undefined] as const) {
      const { container, unmount } = render(<SetTypeBadge type={type} />);
      expect(container.innerHTML).toBe('');
      unmount();
    }
  });
});

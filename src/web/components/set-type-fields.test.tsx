import '../test/setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RpeField, SetTypeBadge, SetTypeField } from './set-type-fields';

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

describe('SetTypeField and RpeField', () => {
  it('are labelled by their set for screen readers and tie their message to the control', () => {
    render(
      <>
        <SetTypeField id="t" n={3} error="Type must be normal, warmup, drop or failure" />
        <RpeField id="r" n={3} error="RPE must be a number" />
      </>,
    );
    const type = screen.getByLabelText('Set 3 Type');
    const rpe = screen.getByLabelText('Set 3 RPE');
    expect(type.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(type.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Type must be normal, warmup, drop or failure',
    );
    expect(document.getElementById(rpe.getAttribute('aria-describedby')!)!.textContent).toBe(
      'RPE must be a number',
    );
  });
});

import '../../test/setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RpeField, SetTypeField } from './set-type-fields';

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

import '../../test/setup';
import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../auth-store';
import { useFormDraft } from './use-form-draft';
import { aUser } from '../../test/fixtures';

const KEY = 'gym-day/squat/wl';
const signInAs = (_id: string) =>
  authStore.signIn(aUser({ _id, username: _id, email: `${_id}@example.com` }));

function renderDraft() {
  return renderHook(() => {
    const form = useForm<{ notes: string }>({ defaultValues: { notes: '' } });
    return { form, draft: useFormDraft(form, KEY) };
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  authStore.signOut();
});

describe('useFormDraft on a shared device (docs/api.md §12)', () => {
  it('writes nothing when the debounced save lands after logout, nor when the form closes then', () => {
    signInAs('a');
    const { result, unmount } = renderDraft();
    act(() => result.current.form.setValue('notes', "A's note", { shouldDirty: true }));
    vi.advanceTimersByTime(100);
    authStore.signOut();
    vi.advanceTimersByTime(500);
    unmount();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('draft:'))).toEqual([]);
  });

  it("offers A's draft back to A only, never to B on the same slugs", () => {
    signInAs('a');
    const first = renderDraft();
    act(() => first.result.current.form.setValue('notes', "A's note"));
    vi.advanceTimersByTime(400);
    first.unmount();
    expect(localStorage.getItem(`draft:${KEY}`)).toContain("A's note");

    // B on the same device, the stored draft still there (as if storage had not been cleared).
    const stored = localStorage.getItem(`draft:${KEY}`)!;
    signInAs('b');
    localStorage.setItem(`draft:${KEY}`, stored);
    const asB = renderDraft();
    expect(asB.result.current.draft.restoredAt).toBeNull();
    expect(asB.result.current.form.getValues('notes')).toBe('');
    asB.unmount();

    signInAs('a');
    localStorage.setItem(`draft:${KEY}`, stored);
    const asA = renderDraft();
    expect(asA.result.current.draft.restoredAt).not.toBeNull();
    expect(asA.result.current.form.getValues('notes')).toBe("A's note");
  });
});

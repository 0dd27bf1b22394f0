import { useEffect } from 'react';

export { useUserInfo } from './auth-store';

/** Sets `document.title` for the screen (docs/product.md gives some screens an exact title). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

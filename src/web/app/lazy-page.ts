import { lazy, type ComponentType } from 'react';

/** Each screen is its own chunk, so the first visit only downloads the shell and the home page. */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });
}

import '../test/setup';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import indexHtml from '../index.html?raw';
import { Layout } from './layout';

// index.html carries the app's first screen as static HTML, painted before any script runs
// (decision 0009). It must stay what React renders while a page loads, or the page would jump
// when React replaces it: this compares the two, element by element.

function Loading(): never {
  throw new Promise(() => {}); // a page whose code never arrives: the layout shows its loading state
}

/** Each element as `tag attr=value… | its own text`, in document order. */
function outline(root: Element): string[] {
  const lines: string[] = [];
  const walk = (element: Element) => {
    const attributes = [...element.attributes]
      // The menu's id pairing comes from useId (the menu itself is not in the static screen), and
      // data-discover is react-router's marker in server-rendered links only.
      .filter((a) => a.name !== 'aria-controls' && a.name !== 'data-discover')
      .map((a) => `${a.name}=${a.value}`)
      .sort();
    const text = [...element.childNodes]
      .filter((n) => n.nodeType === n.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    lines.push(`${element.tagName.toLowerCase()} ${attributes.join(' ')} | ${text}`);
    for (const child of element.children) if (child.tagName.toLowerCase() !== 'nav') walk(child);
  };
  walk(root);
  return lines;
}

describe('the first screen in index.html', () => {
  it('is the layout React renders while a page loads', () => {
    const page = new DOMParser().parseFromString(indexHtml, 'text/html');
    const shell = page.querySelector('#root > .app');
    expect(shell).not.toBeNull();

    const rendered = document.createElement('div');
    rendered.innerHTML = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/logs']}>
        <Routes>
          <Route element={<Layout />}>
            <Route path="*" element={<Loading />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    const year = String(new Date().getFullYear());
    const expected = outline(rendered.querySelector('.app')!);
    const actual = outline(shell!).map((line) => line.replace('%BUILD_YEAR%', year));
    expect(actual).toEqual(expected);
  });
});

import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Icon } from './icons';
import './more-menu.css';

export interface MoreMenuItem {
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  /** Drawn in the danger colour (Delete). */
  danger?: boolean;
  disabled?: boolean;
}

const MoreIcon = () => (
  <Icon width={20} height={20}>
    <g fill="currentColor" stroke="none">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </g>
  </Icon>
);

/**
 * The More (⋯) menu of a record's page head (docs/api.md §14): actions a slip should not reach,
 * one tap away. A menu button: ArrowDown/Enter/Space open it on its first item, the arrow keys,
 * Home and End (or Tab) move through the items, Escape closes it and gives focus back to the
 * button, as does a choice; a click outside or focus leaving it closes it.
 */
export function MoreMenu({ items, label = 'More' }: { items: MoreMenuItem[]; label?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // Which item takes focus once the list is drawn (the first, or the last after ArrowUp).
  const focusOnOpen = useRef<'first' | 'last'>('first');

  const menuItems = () => [
    ...(listRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
  ];

  // Under the ⋯ button's right edge, unless that would go past the screen's left edge (a phone's
  // page head wraps its actions to the left): then under its left edge. Measured before paint and
  // again when the window is resized (a phone turned).
  const [alignStart, setAlignStart] = useState(false);
  useLayoutEffect(() => {
    const button = buttonRef.current;
    const list = listRef.current;
    if (!isOpen || !button || !list) return;
    const place = () => setAlignStart(button.getBoundingClientRect().right - list.offsetWidth < 0);
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    const all = menuItems().filter((item) => !item.disabled);
    (focusOnOpen.current === 'first' ? all[0] : all.at(-1))?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [isOpen]);

  const open = (at: 'first' | 'last') => {
    focusOnOpen.current = at;
    setIsOpen(true);
  };
  const close = () => {
    setIsOpen(false);
    buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const all = menuItems().filter((item) => !item.disabled);
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const move: Record<string, number> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key in move) {
      event.preventDefault();
      all[move[event.key]]?.focus();
    }
  };

  return (
    <div
      className="more-menu"
      ref={rootRef}
      onBlur={(event) => {
        if (isOpen && !rootRef.current?.contains(event.relatedTarget as Node | null)) setIsOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-secondary more-menu-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? id : undefined}
        onClick={() => (isOpen ? setIsOpen(false) : open('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <MoreIcon />
      </button>
      {isOpen && (
        <ul
          ref={listRef}
          id={id}
          role="menu"
          aria-label={label}
          className={`more-menu-list${alignStart ? ' is-start' : ''}`}
          onKeyDown={onListKeyDown}
        >
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                className={`more-menu-item${item.danger ? ' is-danger' : ''}`}
                disabled={item.disabled}
                onClick={() => {
                  close();
                  item.onSelect();
                }}
              >
                {item.icon}
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import type { SVGProps } from 'react';

// Inline SVG icons: no icon font or request. Decorative by default; the control around them is named.
// This file holds the icons of the first screen (the header) and the common Plus, which the entry
// script carries (the home page's are drawn by the stylesheet, styles/layout.css);
// the other screens' icons are in page-icons.tsx, so the first visit does not download them.
export function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export type IconProps = SVGProps<SVGSVGElement>;

export const MenuIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);

export const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const PlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const LogoIcon = (p: IconProps) => (
  <Icon {...p} strokeWidth="2.5">
    <path d="M4 10v4M7 8v8M17 8v8M20 10v4M7 12h10" />
  </Icon>
);

import { Icon, type IconProps } from '../../components/icons';

// The gym screens' own icons: they load with those screens (components/page-icons.tsx keeps the rest).

export const ArrowUpIcon = (p: IconProps) => (
  <Icon width={18} height={18} {...p}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Icon>
);

export const ArrowDownIcon = (p: IconProps) => (
  <Icon width={18} height={18} {...p}>
    <path d="M12 5v14M19 12l-7 7-7-7" />
  </Icon>
);

export const LinkIcon = (p: IconProps) => (
  <Icon width={18} height={18} {...p}>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </Icon>
);

export const PlayIcon = (p: IconProps) => (
  <Icon width={18} height={18} {...p}>
    <path d="M7 4l13 8-13 8z" />
  </Icon>
);

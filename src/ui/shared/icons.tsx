/** Inline icons (decorative: the control carrying one has its own accessible name). */

/** The attributes of every decorative line icon (24-unit grid, drawn with the text colour); spread them on an `<svg>`. */
export const lineIconProps = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

const base = { ...lineIconProps, width: 24, height: 24 } as const;

export const IconMenu = () => (
  <svg {...base}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);
export const IconSearch = () => (
  <svg {...base}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);
/** The shopper's account: a head and shoulders. */
export const IconUser = () => (
  <svg {...base}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);
export const IconClose = () => (
  <svg {...base}>
    <path d="M6 6l12 12M18 6 6 18" />
  </svg>
);
export const IconFilter = () => (
  <svg {...base}>
    <path d="M4 5h16l-6 7v6l-4 2v-8z" />
  </svg>
);
export const IconChevron = ({ direction = 'down' }: { direction?: 'down' | 'left' | 'right' }) => (
  <svg {...base} style={{ transform: direction === 'left' ? 'rotate(90deg)' : direction === 'right' ? 'rotate(-90deg)' : undefined }}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);
/** Spec §2 offline indicator: a cloud struck through. */
export const IconCloudOff = () => (
  <svg {...base}>
    <path d="M22.61 16.95A5 5 0 0 0 18 10h-1.26a8 8 0 0 0-7.05-6M5 5a8 8 0 0 0 4 15h9a5 5 0 0 0 1.7-.3" />
    <path d="m1 1 22 22" />
  </svg>
);
export const IconCloud = () => (
  <svg {...base}>
    <path d="M18 10h-1.26A8 8 0 1 0 9 20h9a5 5 0 0 0 0-10z" />
  </svg>
);

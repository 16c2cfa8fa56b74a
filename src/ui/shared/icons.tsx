/** Inline icons (decorative: the control carrying one has its own accessible name). */
const base = { width: 24, height: 24, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false } as const;

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

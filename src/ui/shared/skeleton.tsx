import type { CSSProperties, ReactNode } from 'react';
import styles from './skeleton.module.css';

/** spec §9 skeleton types. */
export type SkeletonType = 'rectangle' | 'button' | 'checkbox' | 'radio' | 'textArea' | 'textInput';

/** spec §9: sizes are rem when numeric, any CSS length otherwise. */
export function skeletonSize(size: number | string | undefined): string | undefined {
  if (size === undefined) return undefined;
  return typeof size === 'number' ? `${size}rem` : size;
}

export interface ShimmerProps {
  type?: SkeletonType;
  width?: number | string;
  height?: number | string;
  className?: string;
  style?: CSSProperties;
}

/** One loading placeholder shape (decorative: the surrounding `LoadingRegion` speaks for it). */
export function Shimmer({ type = 'rectangle', width, height, className, style }: ShimmerProps) {
  const size: CSSProperties = { width: skeletonSize(width), height: skeletonSize(height) };
  return (
    <span
      aria-hidden="true"
      data-skeleton={type}
      className={[styles.shimmer, styles[type], className].filter(Boolean).join(' ')}
      style={{ ...size, ...style }}
    />
  );
}

/** A region of shimmers announced once to screen readers ("Loading…"), busy until it is replaced. */
export function LoadingRegion({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className={className}>
      <span className="visually-hidden">{label}</span>
      {children}
    </div>
  );
}

import styles from './live-badge.module.css';

export interface LiveBadgeProps {
  /** The word shown; "Live" unless a screen needs another (for example "Live now"). */
  label?: string;
}

/** The red LIVE badge with its pulsing dot, the same on every screen that shows a live match. */
export function LiveBadge({ label = 'Live' }: LiveBadgeProps) {
  return (
    <span className={styles.badge}>
      <span className={styles.dot} aria-hidden="true" />
      {label}
    </span>
  );
}

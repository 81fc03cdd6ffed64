import { Button } from '@crease/ui';
import styles from './event-card.module.css';

export interface SpoilerToggleProps {
  revealed: boolean;
  onToggle: () => void;
  /** "result" on a replay, "live score" behind live. */
  what: string;
  /** The id of what the toggle shows (aria-controls). */
  controls: string;
}

/** Shows or hides what would spoil the match; the viewer asks, nothing is revealed by itself. */
export function SpoilerToggle({ revealed, onToggle, what, controls }: SpoilerToggleProps) {
  return (
    <Button
      variant="ghost"
      className={styles.spoilerToggle}
      aria-expanded={revealed}
      aria-controls={controls}
      onClick={onToggle}
    >
      {revealed ? `Hide ${what}` : `Show ${what}`}
    </Button>
  );
}

import { Button } from '@crease/ui';
import { useMessages } from '../messages';
import styles from './event-card.module.css';

export interface SpoilerToggleProps {
  revealed: boolean;
  onToggle: () => void;
  /** The result on a replay, the live score behind live. */
  what: 'result' | 'liveScore';
  /** The id of what the toggle shows (aria-controls). */
  controls: string;
}

/** Shows or hides what would spoil the match; the viewer asks, nothing is revealed by itself. */
export function SpoilerToggle({ revealed, onToggle, what, controls }: SpoilerToggleProps) {
  const { t } = useMessages();
  const words =
    what === 'result'
      ? { show: t('card.showResult'), hide: t('card.hideResult') }
      : { show: t('card.showLiveScore'), hide: t('card.hideLiveScore') };
  return (
    <Button
      variant="ghost"
      className={styles.spoilerToggle}
      aria-expanded={revealed}
      aria-controls={controls}
      onClick={onToggle}
    >
      {revealed ? words.hide : words.show}
    </Button>
  );
}

import type { ReactNode } from 'react';
import styles from './dvr.module.css';
import { useMessages } from '../messages';

/**
 * Under the picture: Start over and the playback settings
 * (`children`). Under it, not over it: at 360 px the stage's own bar has no room. How far behind
 * live the picture is, and Go live, are on the stage's bar (LiveControl).
 */
export function DvrBar({
  canStartOver,
  onStartOver,
  children,
}: {
  canStartOver: boolean;
  onStartOver(): void;
  children?: ReactNode;
}) {
  const { t } = useMessages();
  return (
    <div className={styles.bar} role="group" aria-label={t('dvr.group')}>
      {canStartOver ? (
        <button type="button" className={styles.barButton} onClick={onStartOver}>
          {t('dvr.startOver')}
        </button>
      ) : null}
      <span className={styles.spacer} />
      {children}
    </div>
  );
}

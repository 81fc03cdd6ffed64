import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useMessages } from '../messages';
import styles from './follows.module.css';

/** Phones: below this width the filters fold away, so the live match is on the first screen. */
export const NARROW_SCREEN = '(max-width: 40rem)';

/** Whether the screen is narrow now, following rotation and resizing. False where unknown. */
function useNarrowScreen(): boolean {
  const query = typeof window !== 'undefined' ? window.matchMedia?.(NARROW_SCREEN) : undefined;
  const [narrow, setNarrow] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return undefined;
    const changed = () => setNarrow(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, [query]);
  return narrow;
}

/**
 * On a phone the filters and the reminder opt-in sit behind one "Filters" button (issue 36 §6:
 * the header pushed the live match below the first screen). A filter in use keeps them open, and
 * the button says so; wider screens show them as they are.
 */
export function FiltersDisclosure({ active, children }: { active: boolean; children: ReactNode }) {
  const { t } = useMessages();
  const narrow = useNarrowScreen();
  const [open, setOpen] = useState(active);
  const id = useId();
  if (!narrow) return <>{children}</>;
  return (
    <>
      <button
        type="button"
        className={styles.disclosure}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open
          ? t('follows.hideFilters')
          : active
            ? t('follows.filtersInUse')
            : t('follows.filters')}
      </button>
      <div id={id} hidden={!open}>
        {children}
      </div>
    </>
  );
}

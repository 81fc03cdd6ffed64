import { useEffect, useId, useRef, useState } from 'react';
import type { VideoQuality } from '@crease/contract';
import { QUALITY_CHOICES } from '../playback/quality';
import { Icon } from './icons';
import styles from './player-view.module.css';

/**
 * Auto plus each rendition. The button says what is chosen and, under Auto, which rendition is
 * on screen now ("Auto · 720p"). A menu of radio items: arrows move, Escape closes and returns
 * focus to the button.
 */
export function QualityMenu({
  quality,
  rendition,
  onChoose,
}: {
  quality: VideoQuality;
  rendition: string | null;
  onChoose(quality: VideoQuality): void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const chosen = QUALITY_CHOICES.find((c) => c.quality === quality) ?? QUALITY_CHOICES[0]!;
  const summary = quality === 'AUTO' && rendition ? `${chosen.label} · ${rendition}` : chosen.label;

  useEffect(() => {
    if (!open) return;
    const checked = menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    checked?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) {
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div className={styles.menuWrap}>
      <button
        ref={buttonRef}
        type="button"
        className={`${styles.control} ${styles.textControl}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Quality: ${summary}`}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="gear" />
        <span className={styles.controlText} aria-hidden="true">
          {summary}
        </span>
      </button>
      {open ? (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Quality"
          className={styles.menu}
          onKeyDown={(event) => {
            const items = [
              ...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []),
            ];
            const index = items.indexOf(document.activeElement as HTMLElement);
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              close();
            } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              const step = event.key === 'ArrowDown' ? 1 : -1;
              items[(index + step + items.length) % items.length]?.focus();
            } else if (event.key === 'Tab') {
              setOpen(false);
            }
          }}
        >
          {QUALITY_CHOICES.map((choice) => (
            <li key={choice.quality} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={choice.quality === quality}
                className={styles.menuItem}
                onClick={() => {
                  onChoose(choice.quality);
                  close();
                }}
              >
                {choice.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

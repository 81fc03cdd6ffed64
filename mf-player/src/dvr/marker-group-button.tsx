import { useEffect, useId, useRef } from 'react';
import { VisuallyHidden } from '@crease/ui';
import type { Moment } from '../match/key-moments';
import { groupContents, leadKind } from './marker-groups';
import styles from './dvr.module.css';
import { useMessages } from '../messages';
import type { PlayerWords } from '../messages';

/** "14:05 to 14:12", or "14:05" when they share a minute. */
function spanText(moments: readonly Moment[], words: PlayerWords): string {
  const minute = (wallMs: number) =>
    words.date(new Date(wallMs), { hour: '2-digit', minute: '2-digit' });
  const from = minute(moments[0]!.at);
  const to = minute(moments.at(-1)!.at);
  return from === to ? from : words.t('moments.span', { from, to });
}

/**
 * One marker for moments too close to draw apart (decision 336): it shows how many, takes the
 * look of the weightiest (a wicket's red), and is a disclosure button whose list holds a button
 * per moment. Escape or a press elsewhere closes it; choosing a moment plays it and closes it.
 */
export function MarkerGroupButton({
  moments,
  side,
  open,
  onOpenChange,
  onMoment,
}: {
  moments: readonly Moment[];
  /** Where on the bar, so the list opens inwards and stays on the picture. */
  side: 'start' | 'middle' | 'end';
  open: boolean;
  onOpenChange(open: boolean): void;
  onMoment(moment: Moment): void;
}) {
  const words = useMessages();
  const { t } = words;
  const listId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const span = spanText(moments, words);
  const count = moments.length;

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, onOpenChange]);

  return (
    <div
      ref={wrapRef}
      className={styles.groupWrap}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.preventDefault();
        event.stopPropagation();
        onOpenChange(false);
        buttonRef.current?.focus();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`${styles.marker} ${styles.group} ${styles[leadKind(moments)] ?? ''}`}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        title={t('moments.group', { count, span })}
        onClick={() => onOpenChange(!open)}
      >
        {/* Drawn "×3" on a stacked pill, never a bare "3" or "4" that reads as runs (a boundary's
            tag is "4"); the name says it in words: "3 key moments, …" (decision 413). */}
        <span aria-hidden="true">×{count}</span>
        <VisuallyHidden>
          {t('moments.groupContents', { count, span, contents: groupContents(moments, words) })}
        </VisuallyHidden>
      </button>
      {open ? (
        <ul
          id={listId}
          className={`${styles.groupList} ${styles[side]}`}
          aria-label={t('moments.groupList', { span })}
          // The bar under it drags the playhead: a press in the list is not a drag.
          onPointerDown={(event) => event.stopPropagation()}
        >
          {moments.map((moment) => (
            <li key={moment.seq}>
              <button
                type="button"
                className={styles.groupItem}
                onClick={() => {
                  onOpenChange(false);
                  buttonRef.current?.focus();
                  onMoment(moment);
                }}
              >
                <span className={styles.momentTag} aria-hidden="true">
                  {t(`tag.${moment.kind}`)}
                </span>
                <span>{moment.label}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

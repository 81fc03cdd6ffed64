import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from './icons';
import type { IconName } from './icons';
import styles from './player-view.module.css';
import { useMessages } from '../messages';

export interface Choice<Value extends string> {
  value: Value;
  label: string;
}

export interface ChoiceMenuProps<Value extends string> {
  /**
   * The menu's name ("Captions"); the button is named "<name>: <summary>" ("Captions: Off"), and
   * says so in words under the picture (a bare "Off" names nothing).
   */
  name: string;
  summary: string;
  choices: readonly Choice<Value>[];
  value: Value;
  onChoose(value: Value): void;
  icon?: IconName;
  /** Under the picture, not on it: a plain button in the bar's style. */
  className?: string;
}

/**
 * A menu of radio items behind one button that says what is chosen. Arrows move, Escape closes
 * and returns focus to the button. Quality, latency, language and captions are each one.
 */
export function ChoiceMenu<Value extends string>({
  name,
  summary,
  choices,
  value,
  onChoose,
  icon,
  className,
}: ChoiceMenuProps<Value>) {
  const { t } = useMessages();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

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
        className={className ?? `${styles.control} ${styles.textControl}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // On the picture the icon says what it is and a narrow screen hides the words, so the
        // name is given; under the picture the words are the name (decision 335).
        aria-label={className ? undefined : t('menu.named', { name, summary })}
        onClick={() => setOpen((o) => !o)}
      >
        {icon ? <Icon name={icon} /> : null}
        {className ? (
          <>
            <span className={styles.choiceName}>{name}:</span> {summary}
          </>
        ) : (
          <span className={styles.controlText} aria-hidden="true">
            {summary}
          </span>
        )}
      </button>
      {open ? (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={name}
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
          {choices.map((choice) => (
            <li key={choice.value} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={choice.value === value}
                className={styles.menuItem}
                onClick={() => {
                  onChoose(choice.value);
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

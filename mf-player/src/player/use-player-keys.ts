import { useEffect } from 'react';

/** A key (as KeyboardEvent.key; letters match either case) and what it does. */
export type PlayerKeys = Readonly<Record<string, () => void>>;

/** Keys a focused button, link or menu answers itself: the screen does not take them there. */
const KEYS_CONTROLS_OWN = new Set([' ']);

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element) return false;
  return element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

/**
 * The player's keyboard shortcuts, anywhere on the screen but in a text field, and never with a
 * modifier (the browser's own shortcuts stay). A new control adds an entry (←/→ to seek), not a
 * branch. The map should be memoised: a new one re-subscribes.
 */
export function usePlayerKeys(keys: PlayerKeys) {
  useEffect(() => {
    const onKey = (keyEvent: KeyboardEvent) => {
      if (keyEvent.defaultPrevented || keyEvent.altKey || keyEvent.ctrlKey || keyEvent.metaKey)
        return;
      if (isTyping(keyEvent.target)) return;
      const key = keyEvent.key.length === 1 ? keyEvent.key.toLowerCase() : keyEvent.key;
      const action = Object.hasOwn(keys, key) ? keys[key] : undefined;
      if (!action) return;
      if (KEYS_CONTROLS_OWN.has(key)) {
        const onControl = (keyEvent.target as HTMLElement | null)?.closest?.(
          'button, a, [role="menu"]',
        );
        if (onControl) return;
        // Space would also scroll the page.
        keyEvent.preventDefault();
      }
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [keys]);
}

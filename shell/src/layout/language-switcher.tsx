import { UI_LANGUAGES, UI_LANGUAGE_NAMES } from '@crease/contract';
import type { UiLanguage } from '@crease/contract';
import { useMessages } from '../messages';
import styles from './chrome.module.css';

export interface LanguageSwitcherProps {
  language: UiLanguage;
  /** Absent in the prerendered page, where no script runs yet: the buttons then do nothing. */
  onChange?(language: UiLanguage): void;
}

/**
 * The footer's language choice (issue 34 §4, decision 470): one button per language, each named
 * in its own language and marked with its `lang`, so a screen reader says "हिन्दी" in Hindi
 * whatever the page is in. The current one is pressed.
 */
export function LanguageSwitcher({ language, onChange }: LanguageSwitcherProps) {
  const { t } = useMessages();
  return (
    <div role="group" aria-label={t('footer.language')} className={styles.languages}>
      {UI_LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className={styles.languageButton}
          aria-pressed={option === language}
          onClick={() => onChange?.(option)}
        >
          {UI_LANGUAGE_NAMES[option]}
        </button>
      ))}
    </div>
  );
}

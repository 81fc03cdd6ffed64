import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@crease/ui';
import type { ConsentStore } from '../platform/consent';
import { useMessages } from '../messages';
import styles from './consent-banner.module.css';
import { useReservedScrollPadding } from './reserve-scroll-padding';

/**
 * The cookie-consent choice (issue 34 §5, decision 436): Accept, Reject all and Settings side by
 * side, Accept and Reject all in the same style (the EDPB's banner taskforce: reject wherever
 * there is accept). Settings shows the one optional category, unticked until the visitor ticks it.
 * A region, not a modal: the page stays usable, and nothing optional runs until a choice.
 */
export function ConsentBanner({ consent }: { consent: ConsentStore }) {
  const open = useSyncExternalStore(
    (onChange) => consent.subscribe(onChange),
    () => consent.bannerOpen(),
    () => false,
  );
  return open ? <OpenBanner consent={consent} /> : null;
}

/** The banner while it is shown: it keeps focused controls clear of itself (decision 424). */
function OpenBanner({ consent }: { consent: ConsentStore }) {
  const banner = useRef<HTMLElement>(null);
  const { t, rich } = useMessages();
  useReservedScrollPadding(banner, 'bottom');
  const [showSettings, setShowSettings] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const headingId = useId();
  const analyticsId = useId();
  const choose = (allowAnalytics: boolean) => {
    setShowSettings(false);
    consent.choose({ analytics: allowAnalytics });
  };
  return (
    <section ref={banner} aria-labelledby={headingId} className={styles.banner}>
      <div className={styles.inner}>
        <h2 id={headingId} className={styles.heading}>
          {t('consent.heading')}
        </h2>
        <p className={styles.text}>
          {rich('consent.text', {
            link: (chunks) => (
              <Link key="link" to="/cookie-policy">
                {chunks}
              </Link>
            ),
          })}
        </p>
        {showSettings && (
          <fieldset className={styles.settings}>
            <legend className={styles.legend}>{t('consent.settings')}</legend>
            <p className={styles.option}>
              <input type="checkbox" id={`${analyticsId}-necessary`} checked disabled />
              <label htmlFor={`${analyticsId}-necessary`}>{t('consent.necessary')}</label>
            </p>
            <p className={styles.option}>
              <input
                type="checkbox"
                id={analyticsId}
                checked={analytics}
                onChange={(event) => setAnalytics(event.target.checked)}
              />
              <label htmlFor={analyticsId}>{t('consent.analytics')}</label>
            </p>
          </fieldset>
        )}
        <div className={styles.actions}>
          <Button variant="primary" onClick={() => choose(true)}>
            {t('consent.accept')}
          </Button>
          <Button variant="primary" onClick={() => choose(false)}>
            {t('consent.rejectAll')}
          </Button>
          {showSettings ? (
            <Button variant="secondary" onClick={() => choose(analytics)}>
              {t('consent.saveSettings')}
            </Button>
          ) : (
            <Button
              variant="secondary"
              onClick={() => {
                setAnalytics(consent.current()?.analytics ?? false);
                setShowSettings(true);
              }}
            >
              {t('consent.openSettings')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

import { useRef, useState } from 'react';
import type { ScreenProps, TrialOffer } from '@crease/contract';
import { Button } from '@crease/ui';
import { activateTrial, getTrialOffer } from '../api/billing-client';
import { ProblemError } from '@crease/contract';
import { FormAlert } from '@crease/ui/forms';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink } from '@crease/ui';
import { LoadFailed, Loading } from '../components/screen-states';
import { useResource } from '../components/use-resource';
import { TrialUnavailableNotice } from '../components/trial-unavailable';
import { useWords } from '../format/use-format';
import { useMessages } from '../messages';
import { problemText } from '../messages/problem-text';
import styles from './payment-screens.module.css';

/**
 * /trial-activation: what the trial gives (days, minutes overall and per day), and one button
 * that starts it, offered only when the API says pressing it can work (one trial per account,
 * per device, and a daily budget per network); otherwise the reason, before any click.
 */
export function TrialActivationScreen({ platform, navigate }: ScreenProps) {
  const { resource, retry } = useResource(() => getTrialOffer(platform), []);
  const { t } = useMessages();
  return (
    <ScreenFrame
      width="narrow"
      titleId="trial-title"
      eyebrow={t('trial.eyebrow')}
      title={t('trial.title')}
    >
      {resource.state === 'loading' ? <Loading label={t('trial.loading')} /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what={t('trial.what')} problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' ? (
        <TrialOfferDetails offer={resource.data} platform={platform} navigate={navigate} />
      ) : null}
    </ScreenFrame>
  );
}

function TrialOfferDetails({
  offer,
  platform,
  navigate,
}: {
  offer: TrialOffer;
  platform: ScreenProps['platform'];
  navigate: ScreenProps['navigate'];
}) {
  const { days, overallMinutes, dailyMinutes } = offer.limits;
  const { t, rich, duration, minutes, words } = useWords();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const [refusal, setRefusal] = useState<{ message: string; revision: number } | null>(null);

  const start = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await activateTrial(platform);
      platform.analytics.track({ name: 'trial_started' });
      navigate('/trial-activation-success');
    } catch (error) {
      inFlight.current = false;
      setBusy(false);
      const message =
        error instanceof ProblemError ? problemText(error.problem, words) : String(error);
      setRefusal((previous) => ({ message, revision: (previous?.revision ?? 0) + 1 }));
    }
  };

  return (
    <div className={styles.card}>
      <p className={styles.cardTitle}>{t('trial.free', { period: duration(days) })}</p>
      <ul className={styles.points}>
        <li>
          {rich('trial.overall', {
            minutes: minutes(overallMinutes),
            strong: (chunks) => <strong key="overall">{chunks}</strong>,
          })}
        </li>
        <li>
          {rich('trial.daily', {
            minutes: minutes(dailyMinutes),
            strong: (chunks) => <strong key="daily">{chunks}</strong>,
          })}
        </li>
        <li>{t('trial.noCard')}</li>
        <li>{t('trial.onePer')}</li>
      </ul>
      {refusal ? (
        <FormAlert tone="error" title={t('trial.couldNotStart')} revision={refusal.revision}>
          <p>{refusal.message}</p>
        </FormAlert>
      ) : null}
      {offer.available && !refusal ? (
        <Button className={styles.wide} busy={busy} onClick={() => void start()}>
          {busy ? t('trial.starting') : t('trialOffer.start')}
        </Button>
      ) : null}
      {!offer.available && offer.reason ? <TrialUnavailableNotice reason={offer.reason} /> : null}
      <div className={styles.actions}>
        <ScreenLink to="/plans" navigate={navigate}>
          {t('nav.plans')}
        </ScreenLink>
        {!offer.available ? (
          <ScreenLink to="/account" navigate={navigate}>
            {t('nav.account')}
          </ScreenLink>
        ) : null}
      </div>
    </div>
  );
}

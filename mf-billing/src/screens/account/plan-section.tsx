import type { ScreenProps, Subscription } from '@crease/contract';
import { ScreenLink } from '@crease/ui';
import { FormAlert, useOutcome } from '@crease/ui/forms';
import { useWords } from '../../format/use-format';
import type { AccountData, ActionOutcome } from './account-data';
import { AccountSection } from './account-section';
import { PlanChangeOffer } from './plan-change-offer';
import { statusLine, statusNote } from './plan-status';
import { RenewalControls } from './renewal-controls';
import styles from '../account-screen.module.css';

/**
 * The plan, its state and dates, trial time left, and what the viewer can do with it: cancel or
 * resume renewal, change to another subscription. A pass shows when it ends and offers neither.
 */
export function PlanSection({
  data,
  platform,
  navigate,
  onChanged,
}: {
  data: AccountData;
  platform: ScreenProps['platform'];
  navigate: ScreenProps['navigate'];
  onChanged(subscription: Subscription): void;
}) {
  const { subscription } = data.statics;
  const { entitlement } = data;
  const { outcome, show } = useOutcome<ActionOutcome>();
  const words = useWords();
  const { t, minutes } = words;
  const note = statusNote(subscription, words);
  const changeable =
    subscription.state === 'ACTIVE' &&
    subscription.kind === 'SUBSCRIPTION' &&
    subscription.renews &&
    subscription.renewalFailures === 0;

  return (
    <AccountSection id="account-plan" title={t('account.plan')}>
      {outcome ? (
        <FormAlert tone={outcome.tone} revision={outcome.revision}>
          <p>{outcome.message}</p>
        </FormAlert>
      ) : null}
      <div className={styles.planLine}>
        <p className={styles.planName}>{subscription.planName ?? t('account.noPlan')}</p>
        <span className={`${styles.state} ${styles[`state${subscription.state}`] ?? ''}`}>
          {t(`state.${subscription.state}`)}
        </span>
      </div>
      <p className={styles.muted}>{statusLine(subscription, words)}</p>
      {note ? <p className={styles.muted}>{note}</p> : null}
      {subscription.state === 'TRIAL' && entitlement ? (
        <dl className={styles.facts}>
          <div>
            <dt>{t('account.trialLeft')}</dt>
            <dd>{minutes((entitlement.trialSecondsLeft ?? 0) / 60)}</dd>
          </div>
          <div>
            <dt>{t('trialStarted.leftToday')}</dt>
            <dd>{minutes((entitlement.trialTodaySecondsLeft ?? 0) / 60)}</dd>
          </div>
        </dl>
      ) : null}
      <div className={styles.actions}>
        <ScreenLink to="/plans" navigate={navigate} className={styles.link}>
          {subscription.state === 'ACTIVE' ? t('nav.allPlans') : t('nav.plans')}
        </ScreenLink>
        <ScreenLink to="/payment-history" navigate={navigate} className={styles.link}>
          {t('nav.paymentHistory')}
        </ScreenLink>
      </div>
      {changeable ? (
        <PlanChangeOffer
          subscription={subscription}
          platform={platform}
          onChanged={onChanged}
          show={show}
        />
      ) : null}
      <RenewalControls
        subscription={subscription}
        platform={platform}
        onChanged={onChanged}
        show={show}
      />
    </AccountSection>
  );
}

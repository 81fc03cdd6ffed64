import { useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { VIDEO_QUALITIES } from '@crease/contract';
import type {
  AccountOverview,
  AccountStatics,
  Entitlement,
  RegisteredDevice,
  ScreenProps,
  Subscription,
  VideoQuality,
} from '@crease/contract';
import { Alert, Button } from '@crease/ui';
import {
  cancelSubscription,
  getAccount,
  getEntitlement,
  signOutDevice,
  updateSettings,
} from '../api/billing-client';
import { ProblemError } from '@crease/contract';
import { FormAlert } from '@crease/ui/forms';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink } from '@crease/ui';
import { LoadFailed, Loading } from '../components/screen-states';
import { useResource } from '../components/use-resource';
import { formatDate, formatMinutes } from '../format/formatters';
import { SUBSCRIPTION_STATE_LABELS, VIDEO_QUALITY_LABELS, deviceLabel } from '../format/labels';
import styles from './account-screen.module.css';

interface AccountData {
  overview: AccountOverview;
  statics: AccountStatics;
  /** Trial minutes left come from the entitlement; null when it could not be read. */
  entitlement: Entitlement | null;
}

async function loadAccount(platform: ScreenProps['platform']): Promise<AccountData> {
  const [overview, entitlement] = await Promise.all([
    getAccount(platform),
    getEntitlement(platform).catch(() => null),
  ]);
  return { overview, statics: overview.statics as unknown as AccountStatics, entitlement };
}

/**
 * /account: everything in the Account overview (SPEC §3): the plan and its state with its dates
 * in local time, trial time left, devices (sign one out), preferences, password, and cancel.
 */
export function AccountScreen({ platform, navigate }: ScreenProps) {
  const { resource, retry, replace } = useResource(() => loadAccount(platform), []);
  return (
    <ScreenFrame titleId="account-title" eyebrow="Account" title="Your account">
      {resource.state === 'loading' ? <Loading label="Loading your account…" /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what="your account" problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' ? (
        <div className={styles.grid}>
          <PlanSection
            data={resource.data}
            platform={platform}
            navigate={navigate}
            onCancelled={(subscription) =>
              replace({
                ...resource.data,
                statics: { ...resource.data.statics, subscription },
              })
            }
          />
          <DevicesSection
            statics={resource.data.statics}
            platform={platform}
            onChange={(devices) =>
              replace({ ...resource.data, statics: { ...resource.data.statics, devices } })
            }
          />
          <PreferencesSection data={resource.data} platform={platform} />
          <SecuritySection email={resource.data.overview.userProfile.email} navigate={navigate} />
        </div>
      ) : null}
    </ScreenFrame>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function dateOf(iso: string | null): string | null {
  return iso ? formatDate(new Date(iso)) : null;
}

function PlanSection({
  data,
  platform,
  navigate,
  onCancelled,
}: {
  data: AccountData;
  platform: ScreenProps['platform'];
  navigate: ScreenProps['navigate'];
  onCancelled(subscription: Subscription): void;
}) {
  const { subscription } = data.statics;
  const { entitlement } = data;
  const end = dateOf(subscription.periodEnd);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{
    tone: 'success' | 'error';
    message: string;
    revision: number;
  } | null>(null);
  const show = (tone: 'success' | 'error', message: string) =>
    setOutcome((previous) => ({ tone, message, revision: (previous?.revision ?? 0) + 1 }));

  const cancel = async () => {
    setBusy(true);
    try {
      const next = await cancelSubscription(platform);
      setConfirming(false);
      onCancelled(next);
      show(
        'success',
        `Your plan is cancelled. You can keep watching until ${dateOf(next.periodEnd)}.`,
      );
    } catch (error) {
      show('error', error instanceof ProblemError ? error.problem.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const dateLine = (() => {
    switch (subscription.state) {
      case 'ACTIVE':
        return `Active until ${end}`;
      case 'TRIAL':
        return `Trial ends on ${end}`;
      case 'CANCELLED':
        return subscription.entitled ? `Cancelled: you can watch until ${end}` : `Ended on ${end}`;
      case 'EXPIRED':
        return `Ended on ${end}`;
      default:
        return 'Choose a plan or start a free trial to watch.';
    }
  })();

  return (
    <Section id="account-plan" title="Plan">
      {outcome ? (
        <FormAlert tone={outcome.tone} revision={outcome.revision}>
          <p>{outcome.message}</p>
        </FormAlert>
      ) : null}
      <div className={styles.planLine}>
        <p className={styles.planName}>{subscription.planName ?? 'No plan yet'}</p>
        <span className={`${styles.state} ${styles[`state${subscription.state}`] ?? ''}`}>
          {SUBSCRIPTION_STATE_LABELS[subscription.state]}
        </span>
      </div>
      <p className={styles.muted}>{dateLine}</p>
      {subscription.state === 'TRIAL' && entitlement ? (
        <dl className={styles.facts}>
          <div>
            <dt>Trial time left</dt>
            <dd>{formatMinutes((entitlement.trialSecondsLeft ?? 0) / 60)}</dd>
          </div>
          <div>
            <dt>Left today</dt>
            <dd>{formatMinutes((entitlement.trialTodaySecondsLeft ?? 0) / 60)}</dd>
          </div>
        </dl>
      ) : null}
      <div className={styles.actions}>
        <ScreenLink to="/plans" navigate={navigate} className={styles.link}>
          {subscription.state === 'ACTIVE' ? 'Extend or change plan' : 'See the plans'}
        </ScreenLink>
        <ScreenLink to="/payment-history" navigate={navigate} className={styles.link}>
          Payment history
        </ScreenLink>
      </div>
      {subscription.state === 'ACTIVE' && !confirming ? (
        <Button variant="ghost" className={styles.cancel} onClick={() => setConfirming(true)}>
          Cancel subscription
        </Button>
      ) : null}
      {subscription.state === 'ACTIVE' && confirming ? (
        <div className={styles.confirm} role="group" aria-labelledby="cancel-question">
          <p id="cancel-question" className={styles.confirmText}>
            Cancel your subscription? You keep watching until {end}; it will not renew after that.
          </p>
          <div className={styles.actions}>
            <Button variant="secondary" busy={busy} onClick={() => void cancel()}>
              Yes, cancel
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
              Keep my plan
            </Button>
          </div>
        </div>
      ) : null}
    </Section>
  );
}

function DevicesSection({
  statics,
  platform,
  onChange,
}: {
  statics: AccountStatics;
  platform: ScreenProps['platform'];
  onChange(devices: RegisteredDevice[]): void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{
    tone: 'success' | 'error';
    message: string;
    revision: number;
  } | null>(null);
  const show = (tone: 'success' | 'error', message: string) =>
    setOutcome((previous) => ({ tone, message, revision: (previous?.revision ?? 0) + 1 }));
  const { devices, maxDevices } = statics;

  const signOut = async (device: RegisteredDevice) => {
    setBusy(device.vidictId);
    try {
      await signOutDevice(platform, device.vidictId);
      onChange(devices.filter((d) => d.vidictId !== device.vidictId));
      show('success', `${deviceLabel(device)} is signed out and no longer counts as a device.`);
    } catch (error) {
      show('error', error instanceof ProblemError ? error.problem.message : String(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section id="account-devices" title="Devices">
      <p className={styles.muted}>
        {devices.length} of {maxDevices} {maxDevices === 1 ? 'device' : 'devices'} in use. Sign a
        device out to make room for another.
      </p>
      {outcome ? (
        <FormAlert tone={outcome.tone} revision={outcome.revision}>
          <p>{outcome.message}</p>
        </FormAlert>
      ) : null}
      {!devices.some((device) => device.vidictId === platform.device.vidictId) ? (
        <Alert tone="info" title="This browser is not one of your devices yet">
          <p>
            {devices.length >= maxDevices
              ? `Your plan allows ${maxDevices} ${maxDevices === 1 ? 'device' : 'devices'}. Sign one out below and this browser takes its place.`
              : 'It is added automatically; reload the page if it does not appear.'}
          </p>
        </Alert>
      ) : null}
      {devices.length === 0 ? (
        <p className={styles.muted}>No devices yet. A browser is added when you sign in.</p>
      ) : (
        <ul className={styles.devices}>
          {devices.map((device) => {
            const current = device.vidictId === platform.device.vidictId;
            return (
              <li key={device.vidictId} className={styles.device}>
                <div>
                  <p className={styles.deviceName}>
                    {deviceLabel(device)}
                    {current ? <span className={styles.thisDevice}> · This device</span> : null}
                  </p>
                  <p className={styles.deviceMeta}>
                    Added {formatDate(new Date(device.registered))} · last used{' '}
                    {formatDate(new Date(device.lastSeen))}
                  </p>
                </div>
                {current ? null : (
                  <Button
                    variant="secondary"
                    busy={busy === device.vidictId}
                    disabled={busy !== null}
                    aria-label={`Sign out ${deviceLabel(device)}, added ${formatDate(new Date(device.registered))}`}
                    onClick={() => void signOut(device)}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

function PreferencesSection({
  data,
  platform,
}: {
  data: AccountData;
  platform: ScreenProps['platform'];
}) {
  const qualityId = useId();
  const initialQuality = data.overview.userProfile.videoQuality as VideoQuality;
  const [quality, setQuality] = useState<VideoQuality>(initialQuality);
  const [subscribed, setSubscribed] = useState(data.statics.emailSubscribe);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const saved = useRef({ quality: initialQuality, subscribed: data.statics.emailSubscribe });
  const qualities = data.statics.videoQualities?.length
    ? data.statics.videoQualities
    : VIDEO_QUALITIES;

  const save = async (change: { videoQuality?: VideoQuality; emailSubscribe?: boolean }) => {
    setSaving(true);
    setStatus(null);
    try {
      await updateSettings(platform, change);
      if (change.videoQuality) saved.current.quality = change.videoQuality;
      if (change.emailSubscribe !== undefined) saved.current.subscribed = change.emailSubscribe;
      setStatus({ tone: 'ok', text: 'Saved.' });
    } catch (error) {
      // Show what is really stored, not what failed to save.
      setQuality(saved.current.quality);
      setSubscribed(saved.current.subscribed);
      const message = error instanceof ProblemError ? error.problem.message : String(error);
      setStatus({ tone: 'error', text: `Not saved: ${message}` });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Section id="account-preferences" title="Preferences">
      <div className={styles.field}>
        <label htmlFor={qualityId} className={styles.label}>
          Preferred video quality
        </label>
        <select
          id={qualityId}
          className={styles.select}
          value={quality}
          disabled={saving}
          onChange={(event) => {
            const next = event.target.value as VideoQuality;
            setQuality(next);
            void save({ videoQuality: next });
          }}
        >
          {qualities.map((value) => (
            <option key={value} value={value}>
              {VIDEO_QUALITY_LABELS[value] ?? value}
            </option>
          ))}
        </select>
      </div>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={subscribed}
          disabled={saving}
          onChange={(event) => {
            setSubscribed(event.target.checked);
            void save({ emailSubscribe: event.target.checked });
          }}
        />
        <span>Email me match alerts and offers</span>
      </label>
      <p
        className={status?.tone === 'error' ? styles.saveError : styles.saveOk}
        role="status"
        aria-live="polite"
      >
        {saving ? 'Saving…' : (status?.text ?? '')}
      </p>
    </Section>
  );
}

function SecuritySection({
  email,
  navigate,
}: {
  email: string;
  navigate: ScreenProps['navigate'];
}) {
  return (
    <Section id="account-security" title="Sign-in">
      <p className={styles.muted}>
        Signed in as <strong className={styles.email}>{email}</strong>
      </p>
      <ScreenLink to="/change-password" navigate={navigate} className={styles.link}>
        Change password
      </ScreenLink>
    </Section>
  );
}

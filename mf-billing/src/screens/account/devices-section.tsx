import { useState } from 'react';
import { deviceName } from '@crease/contract';
import type { AccountStatics, RegisteredDevice, ScreenProps } from '@crease/contract';
import { Button } from '@crease/ui';
import { FormAlert, useOutcome } from '@crease/ui/forms';
import { signOutDevice, stopPlayback } from '../../api/billing-client';
import { useWords } from '../../format/use-format';
import type { Translator } from '@crease/ui/i18n';
import type { BillingMessageKey } from '../../messages';
import { messageOf } from './account-data';
import type { ActionOutcome } from './account-data';
import { AccountSection } from './account-section';
import { DeviceRenameForm } from './device-rename-form';
import { useWatching } from './use-watching';
import styles from '../account-screen.module.css';

/** Screens at a time while a plan gives access; without one, nothing to count yet. */
function screensLine(
  entitled: boolean,
  maxDevices: number,
  watchingNow: number | null,
  { t }: Pick<Translator<BillingMessageKey>, 't'>,
): string {
  if (!entitled) return t('devices.eachPlan');
  return watchingNow === null
    ? t('devices.screens', { screens: maxDevices })
    : t('devices.screensWatching', { screens: maxDevices, watching: watchingNow });
}

/**
 * The account's devices, this browser marked, which are watching now (decision 265: the plan
 * limits screens playing at once, never how many devices are listed), "Stop playback" on a
 * device that plays, and "Sign out" to remove one.
 */
export function DevicesSection({
  statics,
  platform,
  onChange,
}: {
  statics: AccountStatics;
  platform: ScreenProps['platform'];
  onChange(devices: RegisteredDevice[]): void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  /** The device whose name is being edited, if any. */
  const [renaming, setRenaming] = useState<string | null>(null);
  const { outcome, show } = useOutcome<ActionOutcome>();
  const words = useWords();
  const { t } = words;
  const { watching, reload } = useWatching(platform);
  const { devices } = statics;
  const thisDevice = platform.device.vidictId;
  const playing = new Set(watching?.devices.map((device) => device.vidictId) ?? []);
  const maxDevices = watching?.maxDevices ?? statics.maxDevices;

  const act = async (device: RegisteredDevice, action: () => Promise<string>) => {
    setBusy(device.vidictId);
    try {
      show({ tone: 'success', message: await action() });
    } catch (error) {
      show({ tone: 'error', message: messageOf(error, words) });
    } finally {
      setBusy(null);
      reload();
    }
  };
  const signOut = (device: RegisteredDevice) =>
    act(device, async () => {
      await signOutDevice(platform, device.vidictId);
      onChange(devices.filter((d) => d.vidictId !== device.vidictId));
      return t('devices.signedOut', { name: deviceName(device) });
    });
  const stop = (device: RegisteredDevice) =>
    act(device, async () => {
      await stopPlayback(platform, device.vidictId, thisDevice);
      return t('devices.stopped', { name: deviceName(device) });
    });

  return (
    <AccountSection id="account-devices" title={t('devices.title')}>
      <p className={styles.muted}>
        {screensLine(
          statics.subscription.entitled,
          maxDevices,
          watching?.devices.length ?? null,
          words,
        )}{' '}
        {t('devices.listed')}
      </p>
      {outcome ? (
        <FormAlert tone={outcome.tone} revision={outcome.revision}>
          <p>{outcome.message}</p>
        </FormAlert>
      ) : null}
      {devices.length === 0 ? (
        <p className={styles.muted}>{t('devices.none')}</p>
      ) : (
        <ul className={styles.devices}>
          {devices.map((device) =>
            renaming === device.vidictId ? (
              <li key={device.vidictId} className={styles.device}>
                <DeviceRenameForm
                  device={device}
                  platform={platform}
                  onCancel={() => setRenaming(null)}
                  onRenamed={(renamed) => {
                    setRenaming(null);
                    onChange(devices.map((d) => (d.vidictId === renamed.vidictId ? renamed : d)));
                    show({
                      tone: 'success',
                      message: t('devices.renamed', { name: deviceName(renamed) }),
                    });
                  }}
                />
              </li>
            ) : (
              <DeviceRow
                key={device.vidictId}
                device={device}
                current={device.vidictId === thisDevice}
                watchingNow={playing.has(device.vidictId)}
                busy={busy}
                onStop={() => void stop(device)}
                onSignOut={() => void signOut(device)}
                onRename={() => setRenaming(device.vidictId)}
              />
            ),
          )}
        </ul>
      )}
    </AccountSection>
  );
}

function DeviceRow({
  device,
  current,
  watchingNow,
  busy,
  onStop,
  onSignOut,
  onRename,
}: {
  device: RegisteredDevice;
  current: boolean;
  watchingNow: boolean;
  /** The device being acted on, if any: every other button waits. */
  busy: string | null;
  onStop(): void;
  onSignOut(): void;
  onRename(): void;
}) {
  const { t, date } = useWords();
  const name = deviceName(device);
  const added = date(device.registered);
  return (
    <li className={styles.device}>
      <div>
        <p className={styles.deviceName}>
          {name}
          {current ? <span className={styles.thisDevice}> · {t('devices.this')}</span> : null}
          {watchingNow ? (
            <span className={styles.watchingNow}> · {t('devices.watchingNow')}</span>
          ) : null}
        </p>
        <p className={styles.deviceMeta}>
          {t('devices.meta', { added, used: date(device.lastSeen) })}
          {device.lastNetwork
            ? ` · ${t('devices.network', { network: device.lastNetwork })}`
            : null}
        </p>
      </div>
      <div className={styles.deviceActions}>
        <Button
          variant="secondary"
          disabled={busy !== null}
          aria-label={t('devices.renameLabel', { name, added })}
          onClick={onRename}
        >
          {t('devices.rename')}
        </Button>
        {current ? null : (
          <>
            {watchingNow ? (
              <Button
                variant="secondary"
                busy={busy === device.vidictId}
                disabled={busy !== null}
                aria-label={t('devices.stopLabel', { name, added })}
                onClick={onStop}
              >
                {t('devices.stop')}
              </Button>
            ) : null}
            <Button
              variant="secondary"
              busy={busy === device.vidictId}
              disabled={busy !== null}
              aria-label={t('devices.signOutLabel', { name, added })}
              onClick={onSignOut}
            >
              {t('devices.signOut')}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

import { useState } from 'react';
import { deviceName, screensText } from '@crease/contract';
import type { AccountStatics, RegisteredDevice, ScreenProps } from '@crease/contract';
import { Button } from '@crease/ui';
import { FormAlert, useOutcome } from '@crease/ui/forms';
import { signOutDevice, stopPlayback } from '../../api/billing-client';
import { formatDate } from '../../format/formatters';
import { messageOf } from './account-data';
import type { ActionOutcome } from './account-data';
import { AccountSection } from './account-section';
import { DeviceRenameForm } from './device-rename-form';
import { useWatching } from './use-watching';
import styles from '../account-screen.module.css';

/** Screens at a time while a plan gives access; without one, nothing to count yet. */
function screensLine(entitled: boolean, maxDevices: number, watchingNow: number | null): string {
  if (!entitled) return 'Each plan says how many screens can watch at once.';
  const now = watchingNow === null ? '' : `; ${watchingNow} watching now`;
  return `Your plan lets ${screensText(maxDevices)} watch at once${now}.`;
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
      show({ tone: 'error', message: messageOf(error) });
    } finally {
      setBusy(null);
      reload();
    }
  };
  const signOut = (device: RegisteredDevice) =>
    act(device, async () => {
      await signOutDevice(platform, device.vidictId);
      onChange(devices.filter((d) => d.vidictId !== device.vidictId));
      return `${deviceName(device)} is signed out.`;
    });
  const stop = (device: RegisteredDevice) =>
    act(device, async () => {
      await stopPlayback(platform, device.vidictId, thisDevice);
      return `Playback stopped on ${deviceName(device)}. Its screen is free.`;
    });

  return (
    <AccountSection id="account-devices" title="Devices">
      <p className={styles.muted}>
        {screensLine(statics.subscription.entitled, maxDevices, watching?.devices.length ?? null)}{' '}
        Every browser you sign in on is listed; one unused for 90 days drops off by itself.
      </p>
      {outcome ? (
        <FormAlert tone={outcome.tone} revision={outcome.revision}>
          <p>{outcome.message}</p>
        </FormAlert>
      ) : null}
      {devices.length === 0 ? (
        <p className={styles.muted}>No devices yet. A browser is added when you sign in.</p>
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
                    show({ tone: 'success', message: `Renamed: ${deviceName(renamed)}.` });
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
  const name = deviceName(device);
  const added = formatDate(new Date(device.registered));
  return (
    <li className={styles.device}>
      <div>
        <p className={styles.deviceName}>
          {name}
          {current ? <span className={styles.thisDevice}> · This device</span> : null}
          {watchingNow ? <span className={styles.watchingNow}> · Watching now</span> : null}
        </p>
        <p className={styles.deviceMeta}>
          Added {added} · last used {formatDate(new Date(device.lastSeen))}
          {device.lastNetwork ? ` · last opened from ${device.lastNetwork}` : null}
        </p>
      </div>
      <div className={styles.deviceActions}>
        <Button
          variant="secondary"
          disabled={busy !== null}
          aria-label={`Rename ${name}, added ${added}`}
          onClick={onRename}
        >
          Rename
        </Button>
        {current ? null : (
          <>
            {watchingNow ? (
              <Button
                variant="secondary"
                busy={busy === device.vidictId}
                disabled={busy !== null}
                aria-label={`Stop playback on ${name}, added ${added}`}
                onClick={onStop}
              >
                Stop playback
              </Button>
            ) : null}
            <Button
              variant="secondary"
              busy={busy === device.vidictId}
              disabled={busy !== null}
              aria-label={`Sign out ${name}, added ${added}`}
              onClick={onSignOut}
            >
              Sign out
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

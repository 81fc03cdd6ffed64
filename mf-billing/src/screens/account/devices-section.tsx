import { useState } from 'react';
import type { AccountStatics, RegisteredDevice, ScreenProps } from '@crease/contract';
import { Alert, Button } from '@crease/ui';
import { FormAlert, useOutcome } from '@crease/ui/forms';
import { signOutDevice } from '../../api/billing-client';
import { formatDate } from '../../format/formatters';
import { deviceLabel } from '../../format/labels';
import { messageOf } from './account-data';
import type { ActionOutcome } from './account-data';
import { AccountSection } from './account-section';
import styles from '../account-screen.module.css';

const devicesWord = (count: number) => (count === 1 ? 'device' : 'devices');

/** The account's devices, this browser marked, and signing another out to make room. */
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
  const { outcome, show } = useOutcome<ActionOutcome>();
  const { devices, maxDevices } = statics;
  const thisDevice = platform.device.vidictId;

  const signOut = async (device: RegisteredDevice) => {
    setBusy(device.vidictId);
    try {
      await signOutDevice(platform, device.vidictId);
      onChange(devices.filter((d) => d.vidictId !== device.vidictId));
      show({
        tone: 'success',
        message: `${deviceLabel(device)} is signed out and no longer counts as a device.`,
      });
    } catch (error) {
      show({ tone: 'error', message: messageOf(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <AccountSection id="account-devices" title="Devices">
      <p className={styles.muted}>
        {devices.length} of {maxDevices} {devicesWord(maxDevices)} in use. Sign a device out to make
        room for another.
      </p>
      {outcome ? (
        <FormAlert tone={outcome.tone} revision={outcome.revision}>
          <p>{outcome.message}</p>
        </FormAlert>
      ) : null}
      {!devices.some((device) => device.vidictId === thisDevice) ? (
        <Alert tone="info" title="This browser is not one of your devices yet">
          <p>
            {devices.length >= maxDevices
              ? `Your plan allows ${maxDevices} ${devicesWord(maxDevices)}. Sign one out below and this browser takes its place.`
              : 'It is added automatically; reload the page if it does not appear.'}
          </p>
        </Alert>
      ) : null}
      {devices.length === 0 ? (
        <p className={styles.muted}>No devices yet. A browser is added when you sign in.</p>
      ) : (
        <ul className={styles.devices}>
          {devices.map((device) => (
            <DeviceRow
              key={device.vidictId}
              device={device}
              current={device.vidictId === thisDevice}
              busy={busy}
              onSignOut={() => void signOut(device)}
            />
          ))}
        </ul>
      )}
    </AccountSection>
  );
}

function DeviceRow({
  device,
  current,
  busy,
  onSignOut,
}: {
  device: RegisteredDevice;
  current: boolean;
  /** The device being signed out, if any: every other button waits. */
  busy: string | null;
  onSignOut(): void;
}) {
  const added = formatDate(new Date(device.registered));
  return (
    <li className={styles.device}>
      <div>
        <p className={styles.deviceName}>
          {deviceLabel(device)}
          {current ? <span className={styles.thisDevice}> · This device</span> : null}
        </p>
        <p className={styles.deviceMeta}>
          Added {added} · last used {formatDate(new Date(device.lastSeen))}
        </p>
      </div>
      {current ? null : (
        <Button
          variant="secondary"
          busy={busy === device.vidictId}
          disabled={busy !== null}
          aria-label={`Sign out ${deviceLabel(device)}, added ${added}`}
          onClick={onSignOut}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

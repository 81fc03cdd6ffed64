import { deviceName } from '@crease/contract';
import type { RegisteredDevice } from '@crease/contract';
import { Button } from '@crease/ui';
import { StateCard } from './player-states';
import styles from './player-states.module.css';
import { useMessages } from '../messages';

/**
 * The plan's screens are all playing elsewhere (409 STREAM_LIMIT_REACHED, decision 265): names
 * the devices playing now and offers "Stop playback there" on each, after which this one plays.
 * The devices listed are the API's: playing now and never this browser.
 */
export function ScreensBusyState({
  devices,
  maxDevices,
  busy,
  onStopThere,
}: {
  devices: RegisteredDevice[];
  maxDevices: number;
  busy: boolean;
  onStopThere(vidictId: string): void;
}) {
  const { t } = useMessages();
  return (
    <StateCard tone="error" title={t('busy.title')}>
      <p>{t('busy.text', { screens: maxDevices, devices: devices.length })}</p>
      <ul className={styles.devices} aria-label={t('busy.playingNow')}>
        {devices.map((device) => (
          <li key={device.vidictId} className={styles.device}>
            <strong>{deviceName(device)}</strong>
            <Button
              variant="secondary"
              busy={busy}
              onClick={() => onStopThere(device.vidictId)}
              aria-label={t('busy.stopThereNamed', { device: deviceName(device) })}
            >
              {t('busy.stopThere')}
            </Button>
          </li>
        ))}
      </ul>
    </StateCard>
  );
}

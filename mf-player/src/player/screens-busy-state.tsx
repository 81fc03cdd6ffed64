import { deviceName, screensText } from '@crease/contract';
import type { RegisteredDevice } from '@crease/contract';
import { Button } from '@crease/ui';
import { StateCard } from './player-states';
import styles from './player-states.module.css';

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
  const screens = screensText(maxDevices);
  return (
    <StateCard tone="error" title="Your plan's screens are in use">
      <p>
        Your plan lets {screens} watch at a time. To watch here, stop playback on{' '}
        {devices.length === 1 ? 'the device' : 'one of the devices'} playing now.
      </p>
      <ul className={styles.devices} aria-label="Playing now">
        {devices.map((device) => (
          <li key={device.vidictId} className={styles.device}>
            <strong>{deviceName(device)}</strong>
            <Button
              variant="secondary"
              busy={busy}
              onClick={() => onStopThere(device.vidictId)}
              aria-label={`Stop playback there: ${deviceName(device)}`}
            >
              Stop playback there
            </Button>
          </li>
        ))}
      </ul>
    </StateCard>
  );
}

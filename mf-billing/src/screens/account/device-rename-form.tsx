import { useState } from 'react';
import type { FormEvent } from 'react';
import { DEVICE_NAME_MAX, deviceName } from '@crease/contract';
import type { RegisteredDevice, ScreenProps } from '@crease/contract';
import { Button, TextField } from '@crease/ui';
import { renameDevice } from '../../api/billing-client';
import { messageOf } from './account-data';
import { useMessages } from '../../messages';
import styles from '../account-screen.module.css';

/**
 * Names one device ("Living-room TV"), in place of its row's name (decision 394). Blank gives
 * the browser's name back. Save waits for the API and shows its refusal on the field; Cancel
 * (or Escape) leaves the name as it was.
 */
export function DeviceRenameForm({
  device,
  platform,
  onRenamed,
  onCancel,
}: {
  device: RegisteredDevice;
  platform: ScreenProps['platform'];
  onRenamed(device: RegisteredDevice): void;
  onCancel(): void;
}) {
  const words = useMessages();
  const { t } = words;
  const [name, setName] = useState(device.name ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onRenamed(await renameDevice(platform, device.vidictId, name.trim() || null));
    } catch (problem) {
      setError(messageOf(problem, words));
      setBusy(false);
    }
  };
  return (
    <form
      className={styles.renameForm}
      aria-label={t('devices.renameForm', { name: deviceName(device) })}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <TextField
        label={t('devices.nameLabel')}
        value={name}
        maxLength={DEVICE_NAME_MAX}
        autoFocus
        hint={t('devices.nameHint', {
          max: DEVICE_NAME_MAX,
          name: deviceName({ ...device, name: null }),
        })}
        {...(error ? { error } : {})}
        onChange={(event) => setName(event.target.value)}
      />
      <div className={styles.deviceActions}>
        <Button type="submit" busy={busy}>
          {t('devices.save')}
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={onCancel}>
          {t('action.cancel')}
        </Button>
      </div>
    </form>
  );
}

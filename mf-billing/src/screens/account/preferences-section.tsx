import { useId, useMemo, useRef, useState } from 'react';
import { VIDEO_QUALITIES } from '@crease/contract';
import type { ScreenProps, VideoQuality } from '@crease/contract';
import { SelectField } from '@crease/ui/forms';
import { updateSettings } from '../../api/billing-client';
import { useMessages } from '../../messages';
import { regionOptions } from '../../format/regions';
import { messageOf } from './account-data';
import type { AccountData } from './account-data';
import { AccountSection } from './account-section';
import styles from '../account-screen.module.css';

type SettingsChange = { videoQuality?: VideoQuality; emailSubscribe?: boolean; region?: string };

/**
 * The preferred quality, the email choice and the country or region (the tax rate of later
 * receipts: decision 350), each saved as soon as it changes.
 */
export function PreferencesSection({
  data,
  platform,
}: {
  data: AccountData;
  platform: ScreenProps['platform'];
}) {
  const initialQuality = data.overview.userProfile.videoQuality as VideoQuality;
  const [quality, setQuality] = useState<VideoQuality>(initialQuality);
  const initialRegion = data.overview.userProfile.region;
  const [subscribed, setSubscribed] = useState(data.statics.emailSubscribe);
  const [region, setRegion] = useState(initialRegion);
  const [saving, setSaving] = useState(false);
  const words = useMessages();
  const { t, language } = words;
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const saved = useRef({
    quality: initialQuality,
    subscribed: data.statics.emailSubscribe,
    region: initialRegion,
  });
  const regions = useMemo(() => regionOptions(language, t('preferences.noRegion')), [language, t]);
  const regionHint = useId();
  const qualities = data.statics.videoQualities?.length
    ? data.statics.videoQualities
    : VIDEO_QUALITIES;

  const save = async (change: SettingsChange) => {
    setSaving(true);
    setStatus(null);
    try {
      await updateSettings(platform, change);
      if (change.videoQuality) saved.current.quality = change.videoQuality;
      if (change.emailSubscribe !== undefined) saved.current.subscribed = change.emailSubscribe;
      if (change.region) saved.current.region = change.region;
      setStatus({ tone: 'ok', text: t('preferences.saved') });
    } catch (error) {
      // Show what is really stored, not what failed to save.
      setQuality(saved.current.quality);
      setSubscribed(saved.current.subscribed);
      setRegion(saved.current.region);
      setStatus({
        tone: 'error',
        text: t('preferences.notSaved', { message: messageOf(error, words) }),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <AccountSection id="account-preferences" title={t('preferences.title')}>
      <SelectField
        label={t('preferences.quality')}
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
            {t(`quality.${value}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('preferences.region')}
        aria-describedby={regionHint}
        value={region}
        disabled={saving}
        onChange={(event) => {
          setRegion(event.target.value);
          void save({ region: event.target.value });
        }}
      >
        {regions.map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <p id={regionHint} className={styles.muted}>
        {t('preferences.regionHint')}
      </p>
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
        <span>{t('preferences.emailMe')}</span>
      </label>
      <p
        className={status?.tone === 'error' ? styles.saveError : styles.saveOk}
        role="status"
        aria-live="polite"
      >
        {saving ? t('preferences.saving') : (status?.text ?? '')}
      </p>
    </AccountSection>
  );
}

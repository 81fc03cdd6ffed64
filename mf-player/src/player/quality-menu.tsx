import type { VideoQuality } from '@crease/contract';
import { QUALITY_CHOICES } from '../playback/quality';
import { ChoiceMenu } from './choice-menu';
import { useMessages } from '../messages';

/**
 * Auto plus each rendition. The button says what is chosen and, under Auto, which rendition is
 * on screen now ("Auto · 720p"). The choice is this device's (decision 235).
 */
export function QualityMenu({
  quality,
  rendition,
  onChoose,
}: {
  quality: VideoQuality;
  rendition: string | null;
  onChoose(quality: VideoQuality): void;
}) {
  const { t } = useMessages();
  // Auto is a word; a rendition ("720p") reads the same in every language.
  const choices = QUALITY_CHOICES.map(({ quality: value, label }) => ({
    value,
    label: value === 'AUTO' ? t('quality.auto') : label,
  }));
  const chosen = choices.find((c) => c.value === quality) ?? choices[0]!;
  const summary =
    quality === 'AUTO' && rendition
      ? t('quality.autoShowing', { choice: chosen.label, rendition })
      : chosen.label;
  return (
    <ChoiceMenu
      name={t('quality.name')}
      summary={summary}
      choices={choices}
      value={quality}
      onChoose={onChoose}
      icon="gear"
    />
  );
}

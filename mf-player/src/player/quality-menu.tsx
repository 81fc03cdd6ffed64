import type { VideoQuality } from '@crease/contract';
import { QUALITY_CHOICES } from '../playback/quality';
import { ChoiceMenu } from './choice-menu';

const CHOICES = QUALITY_CHOICES.map(({ quality, label }) => ({ value: quality, label }));

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
  const chosen = CHOICES.find((c) => c.value === quality) ?? CHOICES[0]!;
  const summary = quality === 'AUTO' && rendition ? `${chosen.label} · ${rendition}` : chosen.label;
  return (
    <ChoiceMenu
      name="Quality"
      summary={summary}
      choices={CHOICES}
      value={quality}
      onChoose={onChoose}
      icon="gear"
    />
  );
}

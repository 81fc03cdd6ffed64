/**
 * A team's crest (issue 36 §6: the storefront had no crests or images): the team's short name on
 * a shield in its colours, drawn inline from the catalog's facts, so no image is fetched, nothing
 * shifts when it arrives, and every team the producer creates has one. Decorative: the team's
 * name is always in the text beside it, so the crest is hidden from assistive technology.
 */

export interface CrestProps {
  shortName: string;
  colours: { primary: string; secondary: string };
  /** Rendered height in CSS pixels (the width follows the shield's shape). */
  size?: number;
}

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (at: number) => {
    const value = parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** White or near-black, whichever reads better on `background` (the higher contrast ratio). */
export function crestInk(background: string): string {
  const l = luminance(background);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#111111';
}

const SHIELD = 'M16 1.5 30.5 6v11c0 9-6.4 15.2-14.5 17.5C7.9 32.2 1.5 26 1.5 17V6z';

export function Crest({ shortName, colours, size = 36 }: CrestProps) {
  const label = shortName.slice(0, 4);
  return (
    <svg
      width={(size * 32) / 36}
      height={size}
      viewBox="0 0 32 36"
      aria-hidden="true"
      focusable="false"
      data-crest={label}
    >
      <path d={SHIELD} fill={colours.primary} stroke={colours.secondary} strokeWidth="2.5" />
      <path d="M4 24h24" stroke={colours.secondary} strokeWidth="2.5" />
      <text
        x="16"
        y="18.5"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontWeight="700"
        fontSize={label.length > 3 ? 7.5 : 9}
        fill={crestInk(colours.primary)}
      >
        {label}
      </text>
    </svg>
  );
}

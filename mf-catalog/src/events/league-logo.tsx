import type { League } from '@crease/contract';
import { logoUrl } from '../api/catalog-client';

export interface LeagueLogoProps {
  league: League;
  apiOrigin: string;
  size: number;
  /** Next to the league's name the logo adds nothing for a screen reader: alt="" then. */
  decorative?: boolean;
  className?: string;
}

/** The league's logo from the API (public, immutable SVG), square, never stretched. */
export function LeagueLogo({ league, apiOrigin, size, decorative, className }: LeagueLogoProps) {
  return (
    <img
      className={className}
      src={logoUrl(apiOrigin, league.logoFilename)}
      alt={decorative ? '' : league.logoAltText}
      width={size}
      height={size}
      decoding="async"
    />
  );
}

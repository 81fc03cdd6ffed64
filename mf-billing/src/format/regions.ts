import { countryCodes, DEFAULT_REGION } from '@crease/contract';

export interface RegionOption {
  value: string;
  label: string;
}

/** The label of "no country chosen": the tax table's GLOBAL row (decision 301). */
export const NO_REGION_LABEL = 'Not set (standard rate)';

/**
 * The profile's region choices (decision 350): "not set" first, then every country by its English
 * name. Names come from the browser's own Intl data, so no list of names ships with the remote;
 * a code the browser cannot name is shown as the code.
 */
export function regionOptions(): RegionOption[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const countries = countryCodes().map((code) => ({ value: code, label: names.of(code) ?? code }));
  countries.sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return [{ value: DEFAULT_REGION, label: NO_REGION_LABEL }, ...countries];
}

/** The browser's guess at the viewer's region (decision 421): spelled once, in @crease/ui. */
export { browserRegionGuess } from '@crease/ui';

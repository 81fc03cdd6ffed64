import { countryCodes, DEFAULT_REGION } from '@crease/contract';

export interface RegionOption {
  value: string;
  label: string;
}

/**
 * The profile's region choices (decision 350): "not set" (the tax table's GLOBAL row, decision
 * 301, labelled in the viewer's language) first, then every country by its name in the viewer's
 * language ('hi' → "भारत"), in that language's order. Names come from the browser's own Intl
 * data, so no list of names ships with the remote; a code the browser cannot name is shown as
 * the code.
 */
export function regionOptions(language: string, noRegionLabel: string): RegionOption[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  const countries = countryCodes().map((code) => ({ value: code, label: names.of(code) ?? code }));
  countries.sort((a, b) => a.label.localeCompare(b.label, language));
  return [{ value: DEFAULT_REGION, label: noRegionLabel }, ...countries];
}

/** The browser's guess at the viewer's region (decision 421): spelled once, in @crease/ui. */
export { browserRegionGuess } from '@crease/ui';

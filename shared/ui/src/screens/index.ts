/**
 * What every remote's parcel root shares: bundled into each remote that uses it (this entry is
 * not a Module Federation singleton, decision 122), so a remote never waits for a shell release.
 */
export { ScreenSwitch } from './screen-switch';
export type { Screens, ScreenSwitchProps } from './screen-switch';

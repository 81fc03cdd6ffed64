import type { ComponentType } from 'react';
// Through the package name, so the remote renders the page's one shared Page and Alert.
import { Alert, Page } from '@crease/ui';

/** A remote's screens by the ids of the shell's route table. */
export type Screens<P> = Readonly<Record<string, ComponentType<P>>>;

export interface ScreenSwitchProps<P extends { screen: string }> {
  screens: Screens<P>;
  /** Whose pages these are, in words: "There is no {area} page called …". */
  area: string;
  /** The parcel's props, handed whole to the chosen screen. */
  props: P;
  /**
   * A key for the chosen screen: when it changes the screen starts afresh (its own form state,
   * a new poll). Without one, the screen is updated in place, never remounted.
   */
  keyOf?: (props: P) => string;
}

/**
 * A remote parcel's root: the screen the shell asked for, or "Page not found" for an id this
 * remote does not have (an old remote behind a newer route table).
 */
export function ScreenSwitch<P extends { screen: string }>({
  screens,
  area,
  props,
  keyOf,
}: ScreenSwitchProps<P>) {
  const Screen = Object.hasOwn(screens, props.screen) ? screens[props.screen] : undefined;
  if (!Screen) {
    return (
      <Page width="narrow">
        <Alert tone="error" title="Page not found">
          <p>
            There is no {area} page called “{props.screen}”.
          </p>
        </Alert>
      </Page>
    );
  }
  return <Screen key={keyOf?.(props)} {...props} />;
}

import type { ComponentType } from 'react';
import type { ScreenProps } from '@crease/contract';
import { Alert, Page } from '@crease/ui';
import { EventsScreen } from '../events/events-screen';

/** Screen ids exactly as the shell's route table names them. */
const SCREENS: Readonly<Record<string, ComponentType<ScreenProps>>> = {
  events: EventsScreen,
};

/**
 * The parcel's root. The shell updates (never remounts) it when only the query changes, so a
 * new league filter keeps the loaded catalog and its live refresh.
 */
export function CatalogScreen(props: ScreenProps) {
  const Screen = Object.hasOwn(SCREENS, props.screen) ? SCREENS[props.screen] : undefined;
  if (!Screen) {
    return (
      <Page width="narrow">
        <Alert tone="error" title="Page not found">
          <p>There is no catalog page called “{props.screen}”.</p>
        </Alert>
      </Page>
    );
  }
  return <Screen {...props} />;
}

import type { ComponentType } from 'react';
import type { ScreenProps } from '@crease/contract';
import { Alert, Page } from '@crease/ui';
import { PlayerScreen } from '../player/player-screen';

/** Screen ids exactly as the shell's route table names them. */
const SCREENS: Readonly<Record<string, ComponentType<ScreenProps>>> = {
  player: PlayerScreen,
};

/** The parcel's root: a new ?event= on update() switches match without remounting the parcel. */
export function PlayerRoot(props: ScreenProps) {
  const Screen = Object.hasOwn(SCREENS, props.screen) ? SCREENS[props.screen] : undefined;
  if (!Screen) {
    return (
      <Page width="narrow">
        <Alert tone="error" title="Page not found">
          <p>There is no player page called “{props.screen}”.</p>
        </Alert>
      </Page>
    );
  }
  return <Screen {...props} />;
}

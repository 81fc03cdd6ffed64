import type { ScreenProps } from '@crease/contract';
import { ScreenSwitch } from '@crease/ui/screens';
import type { Screens } from '@crease/ui/screens';
import { PlayerScreen } from '../player/player-screen';
import { PlayerMessagesProvider } from '../messages';

/** Screen ids exactly as the shell's route table names them. */
const SCREENS: Screens<ScreenProps> = {
  player: PlayerScreen,
};

/** The parcel's root: a new ?event= on update() switches match without remounting the parcel. */
export function PlayerRoot(props: ScreenProps) {
  return (
    <PlayerMessagesProvider language={props.language}>
      <ScreenSwitch screens={SCREENS} area="player" props={props} />
    </PlayerMessagesProvider>
  );
}

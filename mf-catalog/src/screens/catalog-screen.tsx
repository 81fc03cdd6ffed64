import type { ScreenProps } from '@crease/contract';
import { ScreenSwitch } from '@crease/ui/screens';
import type { Screens } from '@crease/ui/screens';
import { EventsScreen } from '../events/events-screen';
import { CatalogMessagesProvider } from '../messages';

/** Screen ids exactly as the shell's route table names them. */
const SCREENS: Screens<ScreenProps> = {
  events: EventsScreen,
};

/**
 * The parcel's root. The shell updates (never remounts) it when only the query changes, so a
 * new league filter keeps the loaded catalog and its live refresh.
 */
export function CatalogScreen(props: ScreenProps) {
  return (
    <CatalogMessagesProvider language={props.language}>
      <ScreenSwitch screens={SCREENS} area="catalog" props={props} />
    </CatalogMessagesProvider>
  );
}

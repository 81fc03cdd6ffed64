import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { ScreenProps } from '@crease/contract';
import { ScreenCrashed } from '@crease/ui';
import { PlayerRoot } from './screens/player-root';

/**
 * The remote's one front door (STYLE §2): a single-spa parcel mounted with ScreenProps on
 * /player. hls.js is not in this module's chunks: the player imports it when a stream starts.
 */
const lifecycles = singleSpaReact<ScreenProps>({
  React,
  ReactDOMClient,
  rootComponent: PlayerRoot,
  errorBoundary: () => <ScreenCrashed what="the player" width="wide" />,
});

export const { bootstrap, mount, unmount, update } = lifecycles;
export default lifecycles;

import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { ScreenProps } from '@crease/contract';
import { ScreenCrashed } from '@crease/ui';
import { CatalogScreen } from './screens/catalog-screen';

/**
 * The remote's one front door (STYLE §2): a single-spa parcel. The shell mounts it with
 * ScreenProps on /events and calls update() when the viewer changes the league filter
 * (`?league=…`), which only changes `location.search`.
 */
const lifecycles = singleSpaReact<ScreenProps>({
  React,
  ReactDOMClient,
  rootComponent: CatalogScreen,
  errorBoundary: () => <ScreenCrashed what="the matches" width="wide" />,
});

export const { bootstrap, mount, unmount, update } = lifecycles;
export default lifecycles;

import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { ScreenProps } from '@crease/contract';
import { ScreenCrashed } from '@crease/ui';
import { LegalScreen } from './screens/legal-screen';

/**
 * The remote's one front door (STYLE §2): a single-spa parcel. The shell mounts it with
 * ScreenProps and calls update() when the viewer moves between policy pages.
 */
const lifecycles = singleSpaReact<ScreenProps>({
  React,
  ReactDOMClient,
  rootComponent: LegalScreen,
  errorBoundary: () => <ScreenCrashed what="this policy" width="reading" />,
});

export const { bootstrap, mount, unmount, update } = lifecycles;
export default lifecycles;

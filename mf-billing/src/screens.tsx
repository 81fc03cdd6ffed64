import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { ScreenProps } from '@crease/contract';
import { BillingScreen } from './screens/billing-screen';
import { ScreenCrashed } from '@crease/ui';

/**
 * The remote's one front door (STYLE §2): a single-spa parcel. The shell mounts it with
 * ScreenProps and calls update() when the viewer moves between the billing screens (plans, the
 * payment flow, trials, account and payment history).
 */
const lifecycles = singleSpaReact<ScreenProps>({
  React,
  ReactDOMClient,
  rootComponent: BillingScreen,
  errorBoundary: () => <ScreenCrashed what="this page" width="wide" />,
});

export const { bootstrap, mount, unmount, update } = lifecycles;
export default lifecycles;

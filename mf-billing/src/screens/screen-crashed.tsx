import { Alert, Page } from '@crease/ui';

/**
 * Shown by the parcel's error boundary; the shell's header and footer keep working. A copy of
 * mf-auth's until the crash screen moves into @crease/ui (a remote never imports another).
 */
export function ScreenCrashed() {
  return (
    <Page width="narrow">
      <Alert tone="error" title="This page could not be shown">
        <p>Something went wrong while showing this page. Please reload the page.</p>
      </Alert>
    </Page>
  );
}

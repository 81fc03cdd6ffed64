import { Alert } from './alert';
import { Page } from './page';
import type { PageProps } from './page';

export interface ScreenCrashedProps {
  /** What could not be shown, in the viewer's words: "this form", "this policy". */
  what: string;
  /** The column the screen itself uses, so the message sits where the screen would have. */
  width?: PageProps['width'];
}

/**
 * What a remote's parcel error boundary shows when its screen throws while rendering. Only that
 * screen is replaced: the shell's header and footer, and every other screen, keep working.
 */
export function ScreenCrashed({ what, width = 'narrow' }: ScreenCrashedProps) {
  return (
    <Page width={width}>
      <Alert tone="error" title="This page could not be shown">
        <p>Something went wrong while showing {what}. Please reload the page.</p>
      </Alert>
    </Page>
  );
}

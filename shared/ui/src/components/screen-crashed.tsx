import { useEffect, useRef } from 'react';
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
 * The DOM event ScreenCrashed dispatches from its element, bubbling: the shell's outlet hears it
 * and counts a crash for the remote it mounted there (real-user signals, decision 131). Remotes
 * change nothing for it: they all render this screen from their error boundary, and @crease/ui is
 * one shared instance.
 */
export const SCREEN_CRASHED_EVENT = 'crease:screen-crashed';

/**
 * What a remote's parcel error boundary shows when its screen throws while rendering. Only that
 * screen is replaced: the shell's header and footer, and every other screen, keep working.
 */
export function ScreenCrashed({ what, width = 'narrow' }: ScreenCrashedProps) {
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => {
    marker.current?.dispatchEvent(new CustomEvent(SCREEN_CRASHED_EVENT, { bubbles: true }));
  }, []);
  return (
    <div ref={marker} style={{ display: 'contents' }}>
      <Page width={width}>
        <Alert tone="error" title="This page could not be shown">
          <p>Something went wrong while showing {what}. Please reload the page.</p>
        </Alert>
      </Page>
    </div>
  );
}

/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { act, screen } from '@testing-library/react';
import type { Platform } from '@crease/contract';
import lifecycles from './screens';
import { eventsProps, testPlatform } from './testing/test-platform';

describe('the mf-catalog parcel', () => {
  it('shows the shared crash screen when its screen throws, instead of a blank page', async () => {
    const domElement = document.createElement('div');
    document.body.append(domElement);
    // A platform without config makes the screen throw while rendering.
    const broken = {
      ...testPlatform('http://127.0.0.1:9'),
      config: undefined,
    } as unknown as Platform;
    const props = { ...eventsProps(broken), name: 'mf-catalog', domElement };
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await lifecycles.bootstrap(props as never);
      // The mount promise settles once the tree has rendered, outside React's test act scope.
      const mounted = lifecycles.mount(props as never);

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Something went wrong while showing the matches. Please reload the page.',
      );
      await mounted;
      await act(async () => {
        await lifecycles.unmount(props as never);
      });
    } finally {
      quiet.mockRestore();
      domElement.remove();
    }
  });
});

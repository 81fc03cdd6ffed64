import { render, screen } from '@testing-library/react';
import { SCREEN_CRASHED_EVENT, ScreenCrashed } from './screen-crashed';

describe('ScreenCrashed', () => {
  it('interrupts with an alert that says what could not be shown and what to do', () => {
    render(<ScreenCrashed what="this policy" width="reading" />);

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This page could not be shown');
    expect(alert).toHaveTextContent(
      'Something went wrong while showing this policy. Please reload the page.',
    );
  });

  it('tells whoever mounted it that the screen crashed, with a bubbling DOM event', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const heard: Event[] = [];
    host.addEventListener(SCREEN_CRASHED_EVENT, (event) => heard.push(event));
    render(<ScreenCrashed what="the matches" />, { container: host });
    expect(heard).toHaveLength(1);
    expect(heard[0]?.bubbles).toBe(true);
  });
});

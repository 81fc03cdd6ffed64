import { render, screen } from '@testing-library/react';
import { ScreenCrashed } from './screen-crashed';

describe('ScreenCrashed', () => {
  it('interrupts with an alert that says what could not be shown and what to do', () => {
    render(<ScreenCrashed what="this policy" width="reading" />);

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This page could not be shown');
    expect(alert).toHaveTextContent(
      'Something went wrong while showing this policy. Please reload the page.',
    );
  });
});

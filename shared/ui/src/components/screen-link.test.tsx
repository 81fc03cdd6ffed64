import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ButtonLink } from './button';
import { ScreenLink } from './screen-link';

describe('ScreenLink', () => {
  it('is a real link whose plain click goes through the shell’s navigate', async () => {
    const user = userEvent.setup();
    const navigate = jest.fn();
    render(
      <ScreenLink to="/events?league=county-cup" navigate={navigate} aria-current="page">
        County Cup
      </ScreenLink>,
    );

    const link = screen.getByRole('link', { name: 'County Cup' });
    expect(link).toHaveAttribute('href', '/events?league=county-cup');
    expect(link).toHaveAttribute('aria-current', 'page');
    await user.click(link);
    expect(navigate).toHaveBeenCalledWith('/events?league=county-cup');
  });

  it('leaves a click with a modifier (new tab, new window) to the browser', async () => {
    const user = userEvent.setup();
    const navigate = jest.fn();
    render(
      <ScreenLink to="/events" navigate={navigate}>
        Matches
      </ScreenLink>,
    );

    // What the browser would do (open a tab) is not jsdom's to do; stop it after our handler.
    const browserDefault = (event: Event) => event.preventDefault();
    document.addEventListener('click', browserDefault);
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('link', { name: 'Matches' }));
    await user.keyboard('{/Control}');
    document.removeEventListener('click', browserDefault);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('ButtonLink with navigate', () => {
  it('navigates in the site on a plain click and stays a link', async () => {
    const user = userEvent.setup();
    const navigate = jest.fn();
    render(
      <ButtonLink href="/player?event=mum-che" navigate={navigate}>
        Watch
      </ButtonLink>,
    );

    await user.click(screen.getByRole('link', { name: 'Watch' }));
    expect(navigate).toHaveBeenCalledWith('/player?event=mum-che');
  });
});

/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * The producer's New league form waits for the logos it requires (found by the match-day e2e: a
 * press before they arrived was refused by the browser without a word). A real local HTTP
 * server stands in for the API's logo list, so the test holds its answer, or fails it.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import { staffClient } from './api/staff-client';
import { LeagueForm } from './screens/league-form';

const server = testServerForFile();

function renderForm() {
  const onSubmit = jest.fn();
  render(
    <LeagueForm
      client={staffClient(server.origin, 'staff-token')}
      busy={false}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
  return onSubmit;
}

describe('the New league form', () => {
  it('keeps "Create league" disabled until the logos arrive, then creates with the first', async () => {
    let answer: () => void = () => undefined;
    server.handle(
      (_request, response) =>
        new Promise<void>((resolve) => {
          answer = () => {
            sendJson(response, 200, { items: [{ logo: 'crease-premier-league' }] });
            resolve();
          };
        }),
    );
    const onSubmit = renderForm();
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Create league' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Logo' })).toHaveDisplayValue('Loading the logos…');

    answer();
    const create = screen.getByRole('button', { name: 'Create league' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.type(screen.getByRole('textbox', { name: /League id/ }), 'spring-cup');
    await userEvent.type(screen.getByRole('textbox', { name: 'League name' }), 'Spring Cup');
    await userEvent.click(create);
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ leagueId: 'spring-cup', logo: 'crease-premier-league' }),
    );
  });

  it('says so when the logos cannot be read, and "Try again" reads them again', async () => {
    server.handle((_request, response) => sendJson(response, 503, { code: 'UNAVAILABLE' }));
    renderForm();
    expect(await screen.findByRole('alert')).toHaveTextContent('The logos could not be loaded');
    expect(screen.getByRole('button', { name: 'Create league' })).toBeDisabled();

    server.handle((_request, response) =>
      sendJson(response, 200, { items: [{ logo: 'crease-premier-league' }] }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create league' })).toBeEnabled(),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.requests.map((request) => request.url)).toEqual([
      '/api/v1/operator/logos',
      '/api/v1/operator/logos',
    ]);
  });
});
